import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ChallengeParamsSchema, OkSchema, PlayerInstanceSchema, PlayerInstanceStateSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { InstancesService } from './instances.service.js';

/** Under /api/challenges: a player's instance of a challenge's service (docs/product.md "Challenge instances"). */
export const instancesRoutes: FastifyPluginAsyncZod<{ instances: InstancesService; guards: Guards }> = async (app, options) => {
  const { instances, guards } = options;
  const onRequest = guards.requireUser;
  const tags = ['instances'];
  const params = ChallengeParamsSchema;

  app.get(
    '/:id/instance',
    { onRequest, schema: { tags, params, response: { 200: PlayerInstanceStateSchema } } },
    async (request) => instances.getForPlayer(currentUser(request).userId, request.params.id),
  );
  app.post('/:id/instance', { onRequest, schema: { tags, params, response: { 200: PlayerInstanceSchema } } }, async (request) =>
    instances.start(currentUser(request).userId, request.params.id),
  );
  app.post(
    '/:id/instance/extend',
    { onRequest, schema: { tags, params, response: { 200: PlayerInstanceSchema } } },
    async (request) => instances.extend(currentUser(request).userId, request.params.id),
  );
  app.delete('/:id/instance', { onRequest, schema: { tags, params, response: { 200: OkSchema } } }, async (request) => {
    await instances.stop(currentUser(request).userId, request.params.id);
    return { ok: true as const };
  });
};
