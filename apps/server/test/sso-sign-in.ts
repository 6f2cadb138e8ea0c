import type { FastifyInstance } from 'fastify';

import { TestClient } from './build-test-app.js';
import { signInAtProvider } from './oidc-provider.js';

/** The whole authorization-code flow, as a browser: start, the provider's pages, back to Drapeau's callback. */
export async function signInWithSso(app: FastifyInstance, accountId: string, client = new TestClient(app)) {
  const start = await client.post('/api/auth/sso/start');
  if (start.statusCode !== 200) throw new Error(`sso start failed: ${start.statusCode} ${start.body}`);
  const back = await signInAtProvider(start.json<{ url: string }>().url, accountId);
  const callback = await client.get(`${back.pathname}${back.search}`);
  if (callback.statusCode !== 302) throw new Error(`sso callback answered ${callback.statusCode}`);
  return { client, location: callback.headers.location, callbackUrl: back };
}
