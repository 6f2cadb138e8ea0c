import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  EmailOnlyBodySchema,
  OkSchema,
  ResetPasswordBodySchema,
  VerifyEmailBodySchema,
} from '@drapeau/shared';

import { addressLimit, type RateLimits } from '../../http/rate-limits.js';
import { currentUser, type Guards } from '../../http/auth-guards.js';
import { toWebHeaders } from '../../http/web-headers.js';
import { rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';

import type { AccountService } from './account.service.js';

export interface AccountRoutesOptions {
  account: AccountService;
  guards: Guards;
  /** Mails per address (hour window): counted whether or not the account exists. */
  mailLimiter: RateLimiter;
  /** Password checks per account (minute window), for the change of password. */
  accountLimiter: RateLimiter;
  /** The registry's limits (http/rate-limits.ts): `mail-address` for the routes that send a mail, `auth-address` for token checks. */
  limits: RateLimits;
}

const ok = { ok: true as const };

/**
 * Under /api/auth: the account flows (docs/decisions/012-accounts.md). The links in the mails open pages of the web app,
 * which post the token here only when the user presses a button, so that a mail scanner opening a link changes nothing.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { account, guards } = options;
  const tags = ['auth'];
  const perIpHour = { rateLimit: addressLimit(options.limits, 'mail-address') };
  const perIpMinute = { rateLimit: addressLimit(options.limits, 'auth-address') };
  const countMail = async (email: string) => {
    const attempt = await options.mailLimiter.consume(`mail:${email}`);
    if (!attempt.allowed) throw rateLimited(attempt.retryAfterSeconds);
  };
  const forwardCookies = (reply: FastifyReply, setCookies: string[]) => {
    if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
  };

  app.post(
    '/password/forgot',
    { config: perIpHour, schema: { tags, body: EmailOnlyBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await countMail(request.body.email);
      await account.requestPasswordReset(request.body.email, toWebHeaders(request));
      return ok;
    },
  );

  app.post(
    '/password/reset',
    { config: perIpMinute, schema: { tags, body: ResetPasswordBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await account.resetPassword(request.body);
      return ok;
    },
  );

  app.post(
    '/password/change',
    { onRequest: guards.requireAccount, schema: { tags, body: ChangePasswordBodySchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const attempt = await options.accountLimiter.consume(`password:${userId}`);
      if (!attempt.allowed) throw rateLimited(attempt.retryAfterSeconds);
      const { setCookies } = await account.changePassword(userId, request.body, toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return ok;
    },
  );

  app.post(
    '/email/verification',
    { config: perIpHour, schema: { tags, body: EmailOnlyBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await countMail(request.body.email);
      await account.requestVerification(request.body.email, toWebHeaders(request));
      return ok;
    },
  );

  app.post(
    '/email/verify',
    { config: perIpMinute, schema: { tags, body: VerifyEmailBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await account.verifyEmail(request.body.token);
      return ok;
    },
  );

  app.post(
    '/email/change',
    {
      onRequest: guards.requireAccount,
      config: perIpHour,
      schema: { tags, body: ChangeEmailBodySchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await countMail(request.body.newEmail);
      await account.changeEmail(request.body.newEmail, toWebHeaders(request));
      return ok;
    },
  );
};
