import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { HealthSchema, PublicStatsSchema, RANK_TIERS } from '@drapeau/shared';

import type { SystemRepository } from './system.repository.js';

/** Public, unauthenticated routes: health for load balancers, the landing page's numbers. */
export const systemRoutes: FastifyPluginAsyncZod<{ repository: SystemRepository }> = async (app, { repository }) => {
  app.get('/health', { schema: { tags: ['system'], response: { 200: HealthSchema } } }, async () => {
    await repository.ping();
    return { status: 'ok' as const, database: 'ok' as const };
  });

  app.get('/stats', { schema: { tags: ['system'], response: { 200: PublicStatsSchema } } }, async () => ({
    ...(await repository.countCatalogue()),
    rankTierCount: RANK_TIERS.length,
  }));
};
