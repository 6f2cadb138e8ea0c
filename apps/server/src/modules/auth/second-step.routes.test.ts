import { Writable } from 'node:stream';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema/index.js';
import { createLoggerOptions } from '../../lib/logger.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { startOidcProvider } from '../../../test/oidc-provider.js';
import { signInWithSso } from '../../../test/sso-sign-in.js';
import { totpCode } from '../../../test/totp.js';
import { assert, attest, newCredential } from '../../../test/webauthn.js';

let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;
const accounts: Record<string, { email: string; email_verified: boolean; preferred_username?: string }> = {};
const logLines: string[] = [];

beforeAll(async () => {
  oidc = await startOidcProvider(accounts);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({
    logger: { ...createLoggerOptions('debug'), stream: sink },
    env: {
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      AUTH_IP_RATE_LIMIT: '1000',
      LOG_REQUESTS: '1',
    },
  });
});
afterAll(async () => {
  await t.close();
  await oidc.close();
});

/** A local player whose address is confirmed, and who has the same verified address at the provider. */
async function linkablePlayer() {
  const player = await registerPlayer(t.app);
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, player.userId));
  const sub = `${player.username}-sub`;
  accounts[sub] = { email: player.email, email_verified: true };
  return { ...player, sub };
}

async function enableTotp(client: TestClient, password: string) {
  const enrolment = (await client.post('/api/auth/two-factor/enable', { password })).json<{ secret: string }>();
  expect((await client.post('/api/auth/two-factor/confirm', { code: totpCode(enrolment.secret) })).statusCode).toBe(200);
  return enrolment.secret;
}

async function addPasskey(client: TestClient) {
  const credential = newCredential();
  const options = (await client.post('/api/auth/passkeys/registration-options')).json<{ challenge: string }>();
  expect((await client.post('/api/auth/passkeys', { name: 'Key', response: attest(credential, options) })).statusCode).toBe(200);
  return credential;
}

async function expectSignedOut(client: TestClient) {
  expect(client.hasSession()).toBe(false);
  expect((await client.get('/api/auth/session')).json().user).toBeNull();
  expect((await client.get('/api/challenges')).statusCode).toBe(401);
}

describe('the second step after single sign-on', () => {
  it('asks an account with TOTP on for a code before any session, then signs it in', async () => {
    const player = await linkablePlayer();
    const secret = await enableTotp(player.client, player.password);

    const { client, location } = await signInWithSso(t.app, player.sub);
    expect(location).toBe('/login?second-step=totp');
    await expectSignedOut(client);

    const wrong = await client.post('/api/auth/two-factor/verify', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    await expectSignedOut(client);
    const verified = await client.post('/api/auth/two-factor/verify', { code: totpCode(secret, new Date(), 1) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await client.get('/api/auth/session')).json().user.uid).toBe(player.userId);
  });

  it('asks an account whose second factor is a passkey for that passkey', async () => {
    const player = await linkablePlayer();
    const credential = await addPasskey(player.client);

    const { client, location } = await signInWithSso(t.app, player.sub);
    expect(location).toBe('/login?second-step=passkey');
    await expectSignedOut(client);
    const options = (await client.post('/api/auth/passkey/sign-in/options')).json<{ challenge: string }>();
    const answer = await client.post('/api/auth/passkey/sign-in', { response: assert(credential, options) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await client.get('/api/auth/session')).json().user.uid).toBe(player.userId);
  });

  it('signs an account without a second factor straight in', async () => {
    const player = await linkablePlayer();
    const { client, location } = await signInWithSso(t.app, player.sub);
    expect(location).toBe('/challenges');
    expect((await client.get('/api/auth/session')).json().user.uid).toBe(player.userId);
  });
});

describe('a passkey is a second factor', () => {
  it('a password sign-in of an account with a passkey needs that passkey too', async () => {
    const player = await registerPlayer(t.app);
    const credential = await addPasskey(player.client);
    const client = new TestClient(t.app);
    const login = await client.post('/api/auth/login', { email: player.email, password: player.password });
    expect(login.json()).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    await expectSignedOut(client);
    const options = (await client.post('/api/auth/passkey/sign-in/options')).json<{ challenge: string }>();
    expect((await client.post('/api/auth/passkey/sign-in', { response: assert(credential, options) })).statusCode).toBe(200);
    expect((await client.get('/api/auth/session')).json().user.uid).toBe(player.userId);
  });

  it('counts for the rule that admins must have a second factor', async () => {
    const admin = await loginAdmin(t.app);
    expect((await admin.patch('/api/admin/settings', { requireTwoFactorForAdmins: true })).statusCode).toBe(200);
    try {
      expect((await admin.get('/api/admin/stats')).json().error.code).toBe('TWO_FACTOR_REQUIRED');
      await addPasskey(admin);
      expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
      // A token is player-scoped unless made admin-scoped with a TOTP code (docs/decisions/012-accounts.md#api-tokens).
      const { token } = (await admin.post('/api/tokens', { name: 'script', expiresInDays: 1 })).json<{ token: string }>();
      const byToken = await t.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(byToken.json().error.code).toBe('FORBIDDEN');
    } finally {
      await admin.patch('/api/admin/settings', { requireTwoFactorForAdmins: false }).catch(() => undefined);
    }
  });
});

describe('brute force on the second step', () => {
  it('locks the second factor after ten wrong codes in a row, across sign-ins, even for the right code', async () => {
    const player = await registerPlayer(t.app);
    const secret = await enableTotp(player.client, player.password);
    const valid = [-1, 0, 1].map((offset) => totpCode(secret, new Date(), offset));
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.includes(code))!;
    const signIn = async () => {
      const client = new TestClient(t.app);
      expect((await client.post('/api/auth/login', { email: player.email, password: player.password })).json()).toMatchObject({
        twoFactorRequired: true,
      });
      return client;
    };
    for (let round = 0; round < 2; round += 1) {
      const client = await signIn();
      for (let i = 0; i < 5; i += 1) {
        expect((await client.post('/api/auth/two-factor/verify', { code: wrong })).json().error.code).toBe(
          'TWO_FACTOR_INVALID_CODE',
        );
      }
    }
    const client = await signIn();
    const locked = await client.post('/api/auth/two-factor/verify', { code: totpCode(secret, new Date(), 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    await expectSignedOut(client);
  });
});

describe('logs', () => {
  it('never hold a TOTP secret, code or backup code, nor the provider’s code and state', async () => {
    const player = await linkablePlayer();
    const enrolment = (await player.client.post('/api/auth/two-factor/enable', { password: player.password })).json<{
      secret: string;
      totpURI: string;
      backupCodes: string[];
    }>();
    const firstCode = totpCode(enrolment.secret);
    expect((await player.client.post('/api/auth/two-factor/confirm', { code: firstCode })).statusCode).toBe(200);
    const { client, callbackUrl } = await signInWithSso(t.app, player.sub);
    const nextCode = totpCode(enrolment.secret, new Date(), 1);
    expect((await client.post('/api/auth/two-factor/verify', { code: nextCode })).statusCode).toBe(200);
    const backupCode = enrolment.backupCodes[0]!;
    const other = await signInWithSso(t.app, player.sub);
    expect((await other.client.post('/api/auth/two-factor/verify', { code: backupCode, method: 'backup' })).statusCode).toBe(200);

    const log = logLines.join('');
    expect(log).toContain('/api/auth/sso/callback');
    expect(log).toContain('/api/auth/two-factor/verify');
    const secrets = [
      enrolment.secret,
      enrolment.totpURI,
      firstCode,
      nextCode,
      ...enrolment.backupCodes,
      callbackUrl.searchParams.get('code') ?? 'no code?',
      callbackUrl.searchParams.get('state') ?? 'no state?',
      other.callbackUrl.searchParams.get('code') ?? 'no code?',
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('every /api/auth route', () => {
  /** Reached without a session by design: signing in or up, and the mailed links' requests. */
  const PUBLIC = new Set([
    'GET /api/auth/session',
    'POST /api/auth/register',
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'POST /api/auth/password/forgot',
    'POST /api/auth/password/reset',
    'POST /api/auth/email/verification',
    'POST /api/auth/email/verify',
    'GET /api/auth/sso',
    'POST /api/auth/sso/start',
    'GET /api/auth/sso/callback',
    'POST /api/auth/passkey/sign-in/options',
    'POST /api/auth/passkey/sign-in',
    'POST /api/auth/two-factor/verify',
  ]);

  it('is in the OpenAPI document; account routes answer 401 anonymous and 403 to a token; nothing answers 500', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE',
          path,
          url: path.replace(/\{[^}]+\}/g, 'no-such-id'),
        })),
      );
    for (const route of PUBLIC) expect(operations.map((o) => `${o.method} ${o.path}`)).toContain(route);

    const player = await registerPlayer(t.app);
    const admin = await loginAdmin(t.app);
    const { token } = (await player.client.post('/api/tokens', { name: 'walk', expiresInDays: 1 })).json<{ token: string }>();
    for (const { method, path, url } of operations) {
      const name = `${method} ${path}`;
      const payload = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
      const anonymous = await t.app.inject({ method, url, ...payload });
      expect(anonymous.statusCode, `${name} anonymous`).toBeLessThan(500);
      if (name === 'POST /api/auth/logout') continue; // would end the sessions the walk goes on with
      if (!PUBLIC.has(name)) {
        expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
        const byToken = await t.app.inject({ method, url, ...payload, headers: { authorization: `Bearer ${token}` } });
        expect(byToken.statusCode, `${name} by token`).toBe(403);
      }
      expect((await player.client.request({ method, url, ...payload })).statusCode, `${name} as a player`).toBeLessThan(500);
      expect((await admin.request({ method, url, ...payload })).statusCode, `${name} as an admin`).toBeLessThan(500);
    }
    expect((await player.client.get('/api/auth/session')).json().user.uid).toBe(player.userId);
  });
});
