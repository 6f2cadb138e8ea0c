import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AdminApiTokenPageSchema, AdminApiTokenQuerySchema, ApiTokenParamsSchema, OkSchema } from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';

import type { TokensService } from './tokens.service.js';

/** Under /api/admin: every user's API tokens, and their revocation (audited). Admins only. */
export const tokensAdminRoutes: FastifyPluginAsyncZod<{ tokens: TokensService; guards: Guards }> = async (app, options) => {
  const { tokens, guards } = options;
  const onRequest = guards.requireAdmin;
  const tags = ['admin'];

  app.get(
    '/tokens',
    { onRequest, schema: { tags, querystring: AdminApiTokenQuerySchema, response: { 200: AdminApiTokenPageSchema } } },
    async (request) => tokens.listAllTokens(request.query),
  );

  app.delete(
    '/tokens/:tokenId',
    { onRequest, schema: { tags, params: ApiTokenParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await tokens.revokeAnyToken(currentUser(request).userId, request.params.tokenId);
      return { ok: true as const };
    },
  );
};
