import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  CategoryListSchema,
  ChallengeListSchema,
  ChallengeParamsSchema,
  HintParamsSchema,
  OpenHintResultSchema,
  PublicChallengeSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../../http/auth-guards.js';
import { sendPrecompressedJson, withoutCompressionHooks } from '../../../http/compression.js';
import type { FrozenAtOf } from '../../seasons/event.routes.js';

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
    {
      onRequest: guards.requireUser,
      schema: { tags: ['challenges'], response: { 200: ChallengeListSchema } },
      ...withoutCompressionHooks,
    },
    // The body is built from views that went through the response schema (challenge-list-json.ts): the part every
    // player sees alike kept and deflated once, the player's own part added per request; bytes are sent as they are.
    async (request, reply) => {
      const body = await challenges.listChallengesJson(currentUser(request).userId, frozenAt(request));
      return sendPrecompressedJson(request, reply, body);
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
