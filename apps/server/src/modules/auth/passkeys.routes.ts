import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  AuthResponseSchema,
  OkSchema,
  PasskeyListSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  PasskeySignInBodySchema,
  RegisterPasskeyBodySchema,
  RenamePasskeyBodySchema,
  WebAuthnOptionsSchema,
} from '@drapeau/shared';

import { addressLimit, type RateLimits } from '../../http/rate-limits.js';
import type { Guards } from '../../http/auth-guards.js';
import { toWebHeaders } from '../../http/web-headers.js';

import type { PasskeysService } from './passkeys.service.js';

function forwardCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
}

/**
 * Under /api/auth: the signed-in user's passkeys (add, list, rename, remove), and a sign-in with a passkey, without a
 * password or as the second step after one (docs/decisions/012-accounts.md#passkeys).
 */
export const passkeysRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeysService; guards: Guards; limits: RateLimits }> = async (
  app,
  options,
) => {
  const { passkeys } = options;
  const onRequest = options.guards.requireAccount;
  const tags = ['auth'];
  const perIp = { rateLimit: addressLimit(options.limits, 'auth-address') };

  app.get('/passkeys', { onRequest, schema: { tags, response: { 200: PasskeyListSchema } } }, async (request) =>
    passkeys.list(toWebHeaders(request)),
  );

  app.post(
    '/passkeys/registration-options',
    { onRequest, config: perIp, schema: { tags, response: { 200: WebAuthnOptionsSchema } } },
    async (request, reply) => {
      const { value, setCookies } = await passkeys.registrationOptions(toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return value;
    },
  );

  app.post(
    '/passkeys',
    { onRequest, config: perIp, schema: { tags, body: RegisterPasskeyBodySchema, response: { 200: PasskeySchema } } },
    async (request) => passkeys.register(request.body, toWebHeaders(request)),
  );

  app.patch(
    '/passkeys/:passkeyId',
    {
      onRequest,
      schema: { tags, params: PasskeyParamsSchema, body: RenamePasskeyBodySchema, response: { 200: PasskeySchema } },
    },
    async (request) => passkeys.rename(request.params.passkeyId, request.body, toWebHeaders(request)),
  );

  app.delete(
    '/passkeys/:passkeyId',
    { onRequest, schema: { tags, params: PasskeyParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await passkeys.remove(request.params.passkeyId, toWebHeaders(request));
      return { ok: true as const };
    },
  );

  // No guard: whoever holds the passkey is signing in.
  app.post(
    '/passkey/sign-in/options',
    { config: perIp, schema: { tags, response: { 200: WebAuthnOptionsSchema } } },
    async (request, reply) => {
      const { value, setCookies } = await passkeys.signInOptions(toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return value;
    },
  );

  app.post(
    '/passkey/sign-in',
    { config: perIp, schema: { tags, body: PasskeySignInBodySchema, response: { 200: AuthResponseSchema } } },
    async (request, reply) => {
      const { value, setCookies } = await passkeys.signIn(request.body, toWebHeaders(request));
      forwardCookies(reply, setCookies);
      return { user: value };
    },
  );
};
