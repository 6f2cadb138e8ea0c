import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ErrorBodySchema, HealthSchema, PublicStatsSchema, ReadySchema } from '@drapeau/shared';

import type { Readiness } from './readiness.js';
import type { SystemService } from './system.service.js';

/** Public, unauthenticated routes: liveness and readiness for orchestrators, the landing page's numbers. */
export const systemRoutes: FastifyPluginAsyncZod<{
  system: SystemService;
  readiness: Readiness;
}> = async (app, { system, readiness }) => {
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

  app.get('/stats', { schema: { tags: ['system'], response: { 200: PublicStatsSchema } } }, () => system.publicStats());
};
