import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { SsoCallbackQuerySchema, SsoInfoSchema, SsoStartSchema } from '@drapeau/shared';

import { addressLimit, type RateLimits } from '../../http/rate-limits.js';
import { toWebHeaders } from '../../http/web-headers.js';
import { AppError } from '../../lib/app-error.js';

import type { BetterAuth } from './better-auth.js';

export interface SsoRoutesOptions {
  auth: BetterAuth;
  /** Absent when single sign-on is not configured. */
  oidc: { label: string } | undefined;
  localSignUp: boolean;
  /** The registry's limits (http/rate-limits.ts): `auth-address`. */
  limits: RateLimits;
}

const notConfigured = () => new AppError('SSO_NOT_CONFIGURED', 404, 'Single sign-on is not configured.');

/**
 * Under /api/auth: single sign-on with the OpenID Connect provider of the environment
 * (docs/decisions/012-accounts.md#single-sign-on). better-auth checks the state, PKCE and the ID token; a session is made
 * on the way back, for an account linked by verified address or a new one.
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, options) => {
  const { auth, oidc } = options;
  const tags = ['auth'];
  const perIp = { rateLimit: addressLimit(options.limits, 'auth-address') };

  app.get('/sso', { schema: { tags, response: { 200: SsoInfoSchema } } }, async () => ({
    enabled: oidc !== undefined,
    label: oidc?.label ?? '',
    localSignUp: options.localSignUp,
  }));

  app.post('/sso/start', { config: perIp, schema: { tags, response: { 200: SsoStartSchema } } }, async (request, reply) => {
    if (!oidc) throw notConfigured();
    const { headers, response } = await auth.api.signInSocial({
      body: { provider: 'oidc', callbackURL: '/challenges', errorCallbackURL: '/login?sso=failed', disableRedirect: true },
      headers: toWebHeaders(request),
      returnHeaders: true,
    });
    const setCookies = headers.getSetCookie();
    if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
    if (!('url' in response) || typeof response.url !== 'string') throw notConfigured();
    return { url: response.url };
  });

  // The provider's redirect back: better-auth answers with a redirect (to the challenges, or to the sign-in page with
  // `?sso=failed`) and the session cookie.
  app.get('/sso/callback', { config: perIp, schema: { tags, querystring: SsoCallbackQuerySchema } }, async (request, reply) => {
    if (!oidc) throw notConfigured();
    const answer = await auth.api
      .callbackOAuth({
        params: { id: 'oidc' },
        query: request.query,
        headers: toWebHeaders(request),
        asResponse: true,
      })
      .catch(() => undefined);
    const location = answer?.headers.get('location') ?? '/login?sso=failed';
    const setCookies = answer?.headers.getSetCookie() ?? [];
    if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
    return reply.code(302).header('location', pageOf(location)).send();
  });
};

/** Only a page of this site: never an address the query could have chosen, nor better-auth's own error page. */
function pageOf(location: string): string {
  const failed = '/login?sso=failed';
  if (!URL.canParse(location, 'http://drapeau.invalid')) return failed;
  const url = new URL(location, 'http://drapeau.invalid');
  const path = `${url.pathname}${url.search}`;
  return path.startsWith('/api/') || !path.startsWith('/') || path.startsWith('//') ? failed : path;
}
