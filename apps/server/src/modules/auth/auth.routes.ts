import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  AuthResponseSchema,
  LoginBodySchema,
  OkSchema,
  RegisterBodySchema,
  SessionResponseSchema,
  TwoFactorChallengeSchema,
} from '@drapeau/shared';

import { addressLimit, type RateLimits } from '../../http/rate-limits.js';
import type { Guards } from '../../http/auth-guards.js';
import { toWebHeaders } from '../../http/web-headers.js';
import { AppError, rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';

import type { AuthService } from './auth.service.js';
import type { UsernamePolicy } from './username-policy.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  guards: Guards;
  /** Failed sign-ins per account and address (docs/decisions/010-abuse-limits.md). */
  accountLimiter: RateLimiter;
  /** The registry's limits (http/rate-limits.ts): `auth-address` for sign-up and sign-in each. */
  limits: RateLimits;
  usernamePolicy: UsernamePolicy;
  /** Off when accounts come from single sign-on only (LOCAL_SIGN_UP=off). */
  localSignUp: boolean;
}

function forwardCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, guards, accountLimiter, limits, usernamePolicy } = options;
  const perIp = { rateLimit: addressLimit(limits, 'auth-address') };

  app.post(
    '/register',
    {
      config: perIp,
      schema: { tags: ['auth'], body: RegisterBodySchema, response: { 200: AuthResponseSchema } },
    },
    async (request, reply) => {
      if (!options.localSignUp) {
        throw new AppError('SIGN_UP_DISABLED', 403, 'Accounts are made by single sign-on here: use its button to sign in.');
      }
      await usernamePolicy.check(request.body.username);
      const { value, setCookies } = await auth.register(request.body, toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return { user: value };
    },
  );

  app.post(
    '/login',
    {
      config: perIp,
      // With a second factor, no session yet: `{ twoFactorRequired: true, methods }`, then POST /api/auth/two-factor/verify
      // or a passkey sign-in.
      schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: AuthResponseSchema.or(TwoFactorChallengeSchema) } },
    },
    async (request, reply) => {
      // Keyed on the account and the address: a stranger's wrong passwords lock out the stranger, not the owner signing
      // in from their own address. A success gives its point back, so only failures count.
      // A sign-in refused for a busy server (AUTH_BUSY) checked no password: its point comes back too.
      const consumed = await accountLimiter.consume(`${request.body.email.toLowerCase()}|${request.ip}`);
      if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
      const { value, setCookies } = await auth.login(request.body, toWebHeaders(request)).catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'AUTH_BUSY') await consumed.refund();
        throw error;
      });
      await consumed.refund();
      forwardCookies(reply, setCookies);
      return 'methods' in value ? { twoFactorRequired: true as const, methods: value.methods } : { user: value };
    },
  );

  app.post('/logout', { schema: { tags: ['auth'], response: { 200: OkSchema } } }, async (request, reply) => {
    const { setCookies } = await auth.logout(toWebHeaders(request));
    forwardCookies(reply, setCookies);
    return { ok: true as const };
  });

  app.get(
    '/session',
    { onRequest: guards.optionalUser, schema: { tags: ['auth'], response: { 200: SessionResponseSchema } } },
    async (request) => {
      const session = request.sessionUser;
      return { user: session ? await auth.loadUser(session.userId) : null };
    },
  );
};
