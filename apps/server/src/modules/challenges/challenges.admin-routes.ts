import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ChallengeFlagListSchema, SeedResultSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import type { AuditService } from '../audit/audit.service.js';

import type { ChallengesService } from './challenges.service.js';

/** Under /api/admin: every route requires the admin role, checked on the server. */
export const challengesAdminRoutes: FastifyPluginAsyncZod<{
  challenges: ChallengesService;
  audit: AuditService;
  guards: Guards;
}> = async (app, options) => {
  const { challenges, audit, guards } = options;

  app.post(
    '/seed',
    { onRequest: guards.requireAdmin, schema: { tags: ['admin'], response: { 200: SeedResultSchema } } },
    async (request) => {
      const result = await challenges.seedCatalogue();
      await audit.record({ actorId: currentUser(request).userId, action: 'catalogue.seed', details: { ...result } });
      return result;
    },
  );

  app.get(
    '/challenges/flags',
    { onRequest: guards.requireAdmin, schema: { tags: ['admin'], response: { 200: ChallengeFlagListSchema } } },
    async () => ({ flags: await challenges.listFlags() }),
  );
};
