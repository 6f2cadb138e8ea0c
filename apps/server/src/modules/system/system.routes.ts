import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { HealthSchema, PublicStatsSchema } from '@drapeau/shared';

import type { SystemService } from './system.service.js';

/** Public, unauthenticated routes: health for load balancers, the landing page's numbers. */
export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get('/health', { schema: { tags: ['system'], response: { 200: HealthSchema } } }, async () => {
    await system.ping();
    return { status: 'ok' as const, database: 'ok' as const };
  });

  app.get('/stats', { schema: { tags: ['system'], response: { 200: PublicStatsSchema } } }, async () => system.getPublicStats());
};
