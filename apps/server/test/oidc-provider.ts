import type { AddressInfo } from 'node:net';

import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  preferred_username?: string;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) with its development sign-in pages, where the login typed
 * is the account's `sub`: on a random port for the route tests, on a fixed one for the journeys (e2e/oidc-server.ts).
 * `accounts` is a table, or a function that makes the account of a login.
 */
export async function startOidcProvider(
  accounts: Record<string, ProviderAccount> | ((sub: string) => ProviderAccount | undefined),
  options: { port?: number; redirectUri?: string } = {},
) {
  const clientId = 'drapeau-test';
  const clientSecret = 'drapeau-test-secret-0123456789';
  const provider = new Provider('http://127.0.0.1', {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri ?? 'http://localhost:3000/api/auth/sso/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    findAccount: (_ctx, sub) => {
      const account = typeof accounts === 'function' ? accounts(sub) : accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    pkce: { required: () => true },
  });
  provider.proxy = true;
  const server = provider.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  // The issuer must be the address it is reached at.
  const issuer = `http://127.0.0.1:${port}`;
  return { provider, issuer, clientId, clientSecret, server, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Follows the provider's pages as a browser would: signs `accountId` in, consents, and returns the redirect back. */
export async function signInAtProvider(authorizeUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie } });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    return response;
  };
  let url = authorizeUrl;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith('http://localhost:3000/')) return new URL(url);
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const form = { prompt: html.includes('name="login"') ? 'login' : 'consent', login: accountId, password: 'x' };
    const posted = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    url = new URL(posted.headers.get('location') ?? url, url).toString();
  }
  throw new Error('the provider did not send the browser back');
}
