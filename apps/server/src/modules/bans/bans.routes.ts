import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AdminUserParamsSchema, BanUserBodySchema, PublicUserSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { BansService } from './bans.service.js';

/** Under /api/admin: suspend and restore an account. Admins only (checked before the body is read). */
export const bansRoutes: FastifyPluginAsyncZod<{ bans: BansService; guards: Guards }> = async (app, options) => {
  const { bans, guards } = options;
  const onRequest = guards.requireAdmin;
  const tags = ['admin'];

  app.post(
    '/users/:userId/ban',
    { onRequest, schema: { tags, params: AdminUserParamsSchema, body: BanUserBodySchema, response: { 200: PublicUserSchema } } },
    async (request) => bans.banUser(currentUser(request).userId, request.params.userId, request.body),
  );

  app.delete(
    '/users/:userId/ban',
    { onRequest, schema: { tags, params: AdminUserParamsSchema, response: { 200: PublicUserSchema } } },
    async (request) => bans.unbanUser(currentUser(request).userId, request.params.userId),
  );
};
