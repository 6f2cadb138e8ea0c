import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ErrorBodySchema, HealthSchema, PublicStatsSchema, RANK_TIERS, ReadySchema } from '@drapeau/shared';

import type { Readiness } from './readiness.js';
import type { SystemRepository } from './system.repository.js';

/** Public, unauthenticated routes: liveness and readiness for orchestrators, the landing page's numbers. */
export const systemRoutes: FastifyPluginAsyncZod<{
  repository: SystemRepository;
  readiness: Readiness;
  /** A timed event is set (docs/product.md#events). */
  isEventMode: () => boolean;
}> = async (app, { repository, readiness, isEventMode }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no dependency is checked)',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations applied, secrets loaded; 503 while not ready',
        response: { 200: ReadySchema, 503: ErrorBodySchema },
      },
    },
    async () => readiness.check(),
  );

  app.get('/stats', { schema: { tags: ['system'], response: { 200: PublicStatsSchema } } }, async () => ({
    ...(await repository.countCatalogue()),
    rankTierCount: RANK_TIERS.length,
    isEventMode: isEventMode(),
  }));
};
