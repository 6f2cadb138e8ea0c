import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AdminChallengeServiceResultSchema,
  AdminInstanceListSchema,
  AdminStopAllResultSchema,
  ChallengeParamsSchema,
  ChallengeServiceSchema,
  OkSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { InstancesService } from './instances.service.js';

const InstanceParamsSchema = z.object({ instanceId: z.uuid() });

/**
 * Under /api/admin: the running instances with stop and stop-all, and each challenge's service (its image, port and
 * limits; docs/challenge-authoring.md "A challenge with a service"). Admins only.
 */
export const instancesAdminRoutes: FastifyPluginAsyncZod<{ instances: InstancesService; guards: Guards }> = async (
  app,
  options,
) => {
  const { instances, guards } = options;
  const onRequest = guards.requireAdmin;
  const tags = ['admin'];

  app.get('/instances', { onRequest, schema: { tags, response: { 200: AdminInstanceListSchema } } }, async () =>
    instances.listForAdmin(),
  );
  app.delete(
    '/instances/:instanceId',
    { onRequest, schema: { tags, params: InstanceParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await instances.stopForAdmin(request.params.instanceId, currentUser(request).userId);
      return { ok: true as const };
    },
  );
  app.post(
    '/instances/stop-all',
    { onRequest, schema: { tags, response: { 200: AdminStopAllResultSchema } } },
    async (request) => ({ stopped: await instances.stopAll(currentUser(request).userId) }),
  );

  app.get(
    '/challenges/:id/service',
    {
      onRequest,
      schema: {
        tags,
        params: ChallengeParamsSchema,
        response: { 200: AdminChallengeServiceResultSchema },
      },
    },
    async (request) => instances.getServiceAndBuild(request.params.id),
  );
  app.put(
    '/challenges/:id/service',
    { onRequest, schema: { tags, params: ChallengeParamsSchema, body: ChallengeServiceSchema, response: { 200: OkSchema } } },
    async (request) => {
      await instances.setService(request.params.id, request.body);
      return { ok: true as const };
    },
  );
  app.delete(
    '/challenges/:id/service',
    { onRequest, schema: { tags, params: ChallengeParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await instances.deleteService(request.params.id);
      return { ok: true as const };
    },
  );
};
