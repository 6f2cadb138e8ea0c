import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ChallengeListSchema, ChallengeParamsSchema, PublicChallengeSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { ChallengesService } from './challenges.service.js';

export const challengesRoutes: FastifyPluginAsyncZod<{ challenges: ChallengesService; guards: Guards }> = async (
  app,
  options,
) => {
  const { challenges, guards } = options;

  app.get(
    '/',
    { onRequest: guards.requireUser, schema: { tags: ['challenges'], response: { 200: ChallengeListSchema } } },
    async (request) => ({ challenges: await challenges.listChallenges(currentUser(request).userId) }),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['challenges'], params: ChallengeParamsSchema, response: { 200: PublicChallengeSchema } },
    },
    async (request) => challenges.getPublicChallenge(request.params.id, currentUser(request).userId),
  );
};
