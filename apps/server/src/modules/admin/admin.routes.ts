import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  AdminStatsSchema,
  AdminSubmissionPageSchema,
  AdminSubmissionQuerySchema,
  AdminUpdateUserBodySchema,
  AdminUserBadgeParamsSchema,
  AdminUserPageSchema,
  AdminUserParamsSchema,
  AdminUserQuerySchema,
  AwardBadgeBodySchema,
  OkSchema,
  PublicUserSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { AdminService } from './admin.service.js';

/**
 * Under /api/admin: the admin panel (docs/product.md#admin-panel). Every route requires the admin role, checked on the server; a
 * test walks the OpenAPI document so that a new route cannot be left unguarded (admin.routes.test.ts).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; guards: Guards }> = async (app, options) => {
  const { admin, guards } = options;
  // onRequest, not preHandler: the role is checked before the body is parsed or validated, so an anonymous caller or a
  // player gets 401/403 whatever they send and learns nothing of the schemas.
  const onRequest = guards.requireAdmin;
  const tags = ['admin'];

  app.get('/stats', { onRequest, schema: { tags, response: { 200: AdminStatsSchema } } }, async () => admin.getStats());

  app.get(
    '/users',
    { onRequest, schema: { tags, querystring: AdminUserQuerySchema, response: { 200: AdminUserPageSchema } } },
    async (request) => admin.listUsers(request.query, currentUser(request).userId),
  );

  app.patch(
    '/users/:userId',
    {
      onRequest,
      schema: { tags, params: AdminUserParamsSchema, body: AdminUpdateUserBodySchema, response: { 200: PublicUserSchema } },
    },
    async (request) => admin.updateUser(currentUser(request).userId, request.params.userId, request.body),
  );

  app.delete(
    '/users/:userId',
    { onRequest, schema: { tags, params: AdminUserParamsSchema, response: { 200: OkSchema } } },
    async (request) => admin.deleteUser(currentUser(request).userId, request.params.userId),
  );

  app.post(
    '/users/:userId/badges',
    {
      onRequest,
      schema: { tags, params: AdminUserParamsSchema, body: AwardBadgeBodySchema, response: { 200: PublicUserSchema } },
    },
    async (request) => admin.awardBadge(currentUser(request).userId, request.params.userId, request.body.badgeId),
  );

  app.delete(
    '/users/:userId/badges/:badgeId',
    { onRequest, schema: { tags, params: AdminUserBadgeParamsSchema, response: { 200: PublicUserSchema } } },
    async (request) => admin.removeBadge(currentUser(request).userId, request.params.userId, request.params.badgeId),
  );

  app.get(
    '/submissions',
    { onRequest, schema: { tags, querystring: AdminSubmissionQuerySchema, response: { 200: AdminSubmissionPageSchema } } },
    async (request) => admin.listSubmissions(request.query),
  );
};
