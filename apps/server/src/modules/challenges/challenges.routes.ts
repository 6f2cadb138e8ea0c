import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  CategoryListSchema,
  type ChallengeList,
  ChallengeListSchema,
  ChallengeParamsSchema,
  HintParamsSchema,
  OpenHintResultSchema,
  PublicChallengeSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import type { FrozenAtOf } from '../seasons/event.routes.js';

import type { ChallengesService } from './challenges.service.js';

/** Players' routes (docs/challenge-authoring.md): signed-in users only; served from memory. */
export const challengesRoutes: FastifyPluginAsyncZod<{
  challenges: ChallengesService;
  guards: Guards;
  /** During a freeze, players' counts, values and first bloods are those at the freeze (docs/product.md#freeze). */
  frozenAt?: FrozenAtOf;
}> = async (app, options) => {
  const { challenges, guards } = options;
  const frozenAt = options.frozenAt ?? (() => null);

  app.get(
    '/',
    { onRequest: guards.requireUser, schema: { tags: ['challenges'], response: { 200: ChallengeListSchema } } },
    // The body is built from views that went through the response schema (challenge-list-json.ts); a Buffer is sent
    // as it is.
    async (request, reply) => {
      const json = await challenges.listChallengesJson(currentUser(request).userId, frozenAt(request));
      return reply.type('application/json; charset=utf-8').send(json as unknown as ChallengeList);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['challenges'], params: ChallengeParamsSchema, response: { 200: PublicChallengeSchema } },
    },
    async (request) => challenges.getPublicChallenge(request.params.id, currentUser(request).userId, frozenAt(request)),
  );

  app.post(
    '/:id/hints/:hintId/open',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['challenges'],
        description: 'Opens a hint (its cost comes off what the challenge gives this player).',
        params: HintParamsSchema,
        response: { 200: OpenHintResultSchema },
      },
    },
    async (request) => challenges.openHint(currentUser(request).userId, request.params.id, request.params.hintId),
  );
};

export const categoriesRoutes: FastifyPluginAsyncZod<{ challenges: ChallengesService; guards: Guards }> = async (
  app,
  options,
) => {
  app.get(
    '/',
    { onRequest: options.guards.requireUser, schema: { tags: ['challenges'], response: { 200: CategoryListSchema } } },
    async () => ({ categories: await options.challenges.listCategories() }),
  );
};
