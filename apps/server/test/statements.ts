import type { FastifyInstance } from 'fastify';

/**
 * Statements the server ran so far, read from its own metric (`drapeau_db_query_duration_seconds_count`: on both
 * databases, every statement). The app must be built with `METRICS_TOKEN` set to `metricsToken`.
 */
export async function statementsRun(app: FastifyInstance, metricsToken: string): Promise<number> {
  const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })).body;
  return Number(/^drapeau_db_query_duration_seconds_count (\d+)$/m.exec(text)?.[1]);
}
