import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  AdminUserParamsSchema,
  AuthResponseSchema,
  ConfirmTwoFactorBodySchema,
  DisableTwoFactorBodySchema,
  EnableTwoFactorBodySchema,
  OkSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
  VerifyTwoFactorBodySchema,
} from '@drapeau/shared';

import { addressLimit, type RateLimits } from '../../http/rate-limits.js';
import { currentUser, type Guards } from '../../http/auth-guards.js';
import { toWebHeaders } from '../../http/web-headers.js';

import type { TwoFactorService } from './two-factor.service.js';

const ok = { ok: true as const };

function forwardCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
}

/** Under /api/auth: the signed-in user's second factor, and the second step of a sign-in. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService; guards: Guards; limits: RateLimits }> = async (
  app,
  options,
) => {
  const { twoFactor, guards } = options;
  const onRequest = guards.requireAccount;
  const tags = ['auth'];
  const perIp = { rateLimit: addressLimit(options.limits, 'auth-address') };

  app.get('/two-factor', { onRequest, schema: { tags, response: { 200: TwoFactorStatusSchema } } }, async (request) =>
    twoFactor.getStatus(currentUser(request).userId),
  );

  app.post(
    '/two-factor/enable',
    { onRequest, config: perIp, schema: { tags, body: EnableTwoFactorBodySchema, response: { 200: TwoFactorEnrolmentSchema } } },
    async (request) => twoFactor.enable(currentUser(request).userId, request.body.password, toWebHeaders(request)),
  );

  app.post(
    '/two-factor/confirm',
    { onRequest, config: perIp, schema: { tags, body: ConfirmTwoFactorBodySchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      const { setCookies } = await twoFactor.confirm(currentUser(request).userId, request.body, toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return ok;
    },
  );

  app.post(
    '/two-factor/disable',
    { onRequest, config: perIp, schema: { tags, body: DisableTwoFactorBodySchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      const { setCookies } = await twoFactor.disable(currentUser(request).userId, request.body, toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return ok;
    },
  );

  // No guard: the `two_factor` cookie of the first step says who is signing in.
  app.post(
    '/two-factor/verify',
    { config: perIp, schema: { tags, body: VerifyTwoFactorBodySchema, response: { 200: AuthResponseSchema } } },
    async (request, reply) => {
      const { value, setCookies } = await twoFactor.verifySignIn(request.body, toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return { user: value };
    },
  );
};

/** Under /api/admin: an admin removes a player's second factor (audited). */
export const twoFactorAdminRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService; guards: Guards }> = async (
  app,
  options,
) => {
  app.delete(
    '/users/:userId/two-factor',
    {
      onRequest: options.guards.requireAdmin,
      schema: { tags: ['admin'], params: AdminUserParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await options.twoFactor.resetForUser(currentUser(request).userId, request.params.userId);
      return ok;
    },
  );
};
