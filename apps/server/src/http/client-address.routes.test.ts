import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AccountSession } from '@drapeau/shared';

import { buildTestApp, registerPlayer, TestClient, type TestApp } from '../../test/build-test-app.js';

/**
 * The client's address is the one Fastify decided (`request.ip`): the connection's peer, or the forwarding headers'
 * client only with TRUST_PROXY (docs/decisions/012-accounts.md, docs/decisions/010-abuse-limits.md). A player cannot
 * name the address their sessions show on /account, nor take a fresh rate-limit budget by writing a new header.
 */
const PEER = '198.51.100.7';
const FORGED = '203.0.113.9';
const SIGN_IN_LIMIT = 2;
const ADDRESS_LIMIT = 4;

async function appWith(trustProxy: boolean): Promise<TestApp> {
  return buildTestApp({
    env: {
      AUTH_ACCOUNT_RATE_LIMIT: String(SIGN_IN_LIMIT),
      AUTH_IP_RATE_LIMIT: String(ADDRESS_LIMIT),
      ...(trustProxy ? { TRUST_PROXY: 'true' } : {}),
    },
  });
}

/** A second device of `player`, signed in from `peer` with the given headers; the addresses the first device lists. */
async function addressesAfterSignIn(t: TestApp, headers: Record<string, string>): Promise<(string | null)[]> {
  const player = await registerPlayer(t.app);
  const phone = new TestClient(t.app);
  const signIn = await phone.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: player.email, password: player.password },
    headers,
    remoteAddress: PEER,
  });
  expect(signIn.statusCode).toBe(200);
  const sessions = await player.client.get('/api/account/sessions');
  expect(sessions.statusCode).toBe(200);
  return sessions
    .json<AccountSession[]>()
    .filter((s) => !s.current)
    .map((s) => s.ipAddress);
}

/** Wrong passwords for one account from one peer, each naming a new address in X-Forwarded-For. */
async function signInStatuses(t: TestApp, peer: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `someone@${peer}.example`, password: `wrong-password-${i}` },
      headers: { 'x-forwarded-for': `203.0.113.${i + 10}` },
      remoteAddress: peer,
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

/** Sign-ups from one peer (refused for their body: the per-address limit counts them all), each with a new header. */
async function signUpStatuses(t: TestApp, peer: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {},
      headers: { 'x-forwarded-for': `203.0.113.${i + 10}` },
      remoteAddress: peer,
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('without TRUST_PROXY, the address is the connection’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(false);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows on /account the address a session came from, not the one its X-Forwarded-For names', async () => {
    // Nor the header our server sets for better-auth, when a client sends it itself.
    const shown = await addressesAfterSignIn(t, { 'x-forwarded-for': FORGED, 'x-drapeau-client-address': '203.0.113.99' });
    expect(shown).toEqual([PEER]);
  });

  it('counts failed sign-ins on the connection’s address, whatever X-Forwarded-For says', async () => {
    expect(await signInStatuses(t, '198.51.100.31', SIGN_IN_LIMIT + 1)).toEqual([...Array<number>(SIGN_IN_LIMIT).fill(401), 429]);
  });

  it('counts sign-ups per connection address, whatever X-Forwarded-For says', async () => {
    expect(await signUpStatuses(t, '198.51.100.32', ADDRESS_LIMIT + 1)).toEqual([...Array<number>(ADDRESS_LIMIT).fill(400), 429]);
  });
});

describe('with TRUST_PROXY, the address is the one the proxy forwards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(true);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows on /account the client the proxy names in X-Forwarded-For', async () => {
    expect(await addressesAfterSignIn(t, { 'x-forwarded-for': FORGED, 'x-drapeau-client-address': '203.0.113.99' })).toEqual([
      FORGED,
    ]);
  });

  it('counts failed sign-ins and sign-ups per forwarded client', async () => {
    expect(await signInStatuses(t, '198.51.100.31', SIGN_IN_LIMIT + 1)).toEqual(Array<number>(SIGN_IN_LIMIT + 1).fill(401));
    expect(await signUpStatuses(t, '198.51.100.32', ADDRESS_LIMIT + 1)).toEqual(Array<number>(ADDRESS_LIMIT + 1).fill(400));
  });
});
