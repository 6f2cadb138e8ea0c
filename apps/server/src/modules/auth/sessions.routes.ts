import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AccountSessionListSchema, AccountSessionParamsSchema, EndedSessionsSchema, OkSchema } from '@drapeau/shared';

import { addressLimit, type RateLimits } from '../../http/rate-limits.js';
import { currentUser, type Guards } from '../../http/auth-guards.js';
import { toWebHeaders } from '../../http/web-headers.js';

import type { SessionsService } from './sessions.service.js';

/**
 * Under /api/account: the signed-in user's sessions (docs/product.md#sessions). A browser session only (requireAccount
 * refuses an API token), and only the user's own: another user's session id answers 404 like an unknown one.
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService; guards: Guards; limits: RateLimits }> = async (
  app,
  options,
) => {
  const { sessions } = options;
  const onRequest = options.guards.requireAccount;
  const tags = ['auth'];
  const perIp = { rateLimit: addressLimit(options.limits, 'auth-address') };

  app.get('/sessions', { onRequest, schema: { tags, response: { 200: AccountSessionListSchema } } }, async (request) =>
    sessions.list(currentUser(request).userId, toWebHeaders(request)),
  );

  app.delete(
    '/sessions/:sessionId',
    { onRequest, config: perIp, schema: { tags, params: AccountSessionParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await sessions.end(currentUser(request).userId, request.params.sessionId);
      return { ok: true as const };
    },
  );

  app.post(
    '/sessions/end-others',
    { onRequest, config: perIp, schema: { tags, response: { 200: EndedSessionsSchema } } },
    async (request) => ({
      ended: await sessions.endOthers(currentUser(request).userId, toWebHeaders(request)),
    }),
  );
};
