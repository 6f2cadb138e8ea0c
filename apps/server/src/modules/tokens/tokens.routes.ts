import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ApiTokenListSchema,
  ApiTokenParamsSchema,
  CreateApiTokenBodySchema,
  CreatedApiTokenSchema,
  OkSchema,
} from '@drapeau/shared';

import { currentUser, type Guards } from '../../http/auth-guards.js';
import { toWebHeaders } from '../../http/web-headers.js';

import type { TokensService } from './tokens.service.js';

/**
 * Under /api/tokens: the signed-in user's own API tokens. Managed from a browser session only (requireAccount refuses a
 * token), so that a leaked token cannot mint others.
 */
export const tokensRoutes: FastifyPluginAsyncZod<{ tokens: TokensService; guards: Guards }> = async (app, options) => {
  const { tokens, guards } = options;
  const onRequest = guards.requireAccount;
  const tags = ['tokens'];

  app.get('/', { onRequest, schema: { tags, response: { 200: ApiTokenListSchema } } }, async (request) =>
    tokens.listTokens(currentUser(request).userId),
  );

  app.post(
    '/',
    { onRequest, schema: { tags, body: CreateApiTokenBodySchema, response: { 201: CreatedApiTokenSchema } } },
    async (request, reply) => {
      const { userId, role, twoFactorEnabled } = currentUser(request);
      const creator = { userId, role, twoFactorEnabled: twoFactorEnabled === true, headers: toWebHeaders(request) };
      return reply.code(201).send(await tokens.createToken(creator, request.body));
    },
  );

  app.delete(
    '/:tokenId',
    { onRequest, schema: { tags, params: ApiTokenParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await tokens.revokeToken(currentUser(request).userId, request.params.tokenId);
      return { ok: true as const };
    },
  );
};
