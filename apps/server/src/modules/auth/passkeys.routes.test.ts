import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { totpCode } from '../../../test/totp.js';
import { assert, attest, type CeremonyOptions, newCredential, type SoftCredential } from '../../../test/webauthn.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_RATE_LIMIT: '1000' } });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Adds a passkey (a software authenticator's credential) to a signed-in client's account. */
async function addPasskey(client: TestClient, name = 'Laptop', ceremony: CeremonyOptions = {}) {
  const credential = newCredential();
  const options = await client.post('/api/auth/passkeys/registration-options');
  expect(options.statusCode, options.body).toBe(200);
  const response = attest(credential, options.json<{ challenge: string }>(), ceremony);
  const created = await client.post('/api/auth/passkeys', { name, response });
  return { credential, created };
}

async function playerWithPasskey() {
  const player = await registerPlayer(t.app);
  const { credential, created } = await addPasskey(player.client);
  expect(created.statusCode, created.body).toBe(200);
  return { ...player, credential, passkeyId: created.json<{ id: string }>().id };
}

/** A passwordless sign-in in a new browser: options, then the authenticator's signed answer. */
async function signInWithPasskey(credential: SoftCredential, ceremony: CeremonyOptions = {}, client = new TestClient(t.app)) {
  const options = await client.post('/api/auth/passkey/sign-in/options');
  expect(options.statusCode).toBe(200);
  const response = assert(credential, options.json<{ challenge: string }>(), ceremony);
  return { client, response, answer: await client.post('/api/auth/passkey/sign-in', { response }) };
}

describe('passkeys on the account page', () => {
  it('adds a named passkey, lists it without its key, renames and removes it', async () => {
    const player = await registerPlayer(t.app);
    const options = (await player.client.post('/api/auth/passkeys/registration-options')).json();
    expect(options.rp).toEqual({ name: 'Drapeau', id: 'localhost' });
    expect(options.authenticatorSelection.userVerification).toBe('required');
    const credential = newCredential();
    const created = await player.client.post('/api/auth/passkeys', { name: 'Laptop', response: attest(credential, options) });
    expect(created.statusCode, created.body).toBe(200);
    const list = await player.client.get('/api/auth/passkeys');
    expect(list.json()).toEqual([
      { id: created.json().id, name: 'Laptop', createdAt: expect.any(String), deviceType: 'multiDevice', backedUp: true },
    ]);
    expect(list.body).not.toContain(credential.id.toString('base64url'));

    const renamed = await player.client.patch(`/api/auth/passkeys/${created.json().id}`, { name: 'Work laptop' });
    expect(renamed.json().name).toBe('Work laptop');
    expect((await player.client.delete(`/api/auth/passkeys/${created.json().id}`)).statusCode).toBe(200);
    expect((await player.client.get('/api/auth/passkeys')).json()).toEqual([]);
    // Gone: it signs nobody in any more.
    expect((await signInWithPasskey(credential)).answer.statusCode).toBe(401);
  });

  it("refuses an answer to another challenge, another site's or a replayed registration", async () => {
    const player = await registerPlayer(t.app);
    const options = (await player.client.post('/api/auth/passkeys/registration-options')).json();
    const wrongOrigin = attest(newCredential(), options, { origin: 'https://evil.example' });
    expect((await player.client.post('/api/auth/passkeys', { name: 'x', response: wrongOrigin })).json().error.code).toBe(
      'PASSKEY_FAILED',
    );
    // The challenge was used by that attempt: a right answer to it is refused too.
    const late = await player.client.post('/api/auth/passkeys', { name: 'x', response: attest(newCredential(), options) });
    expect(late.statusCode).toBe(400);
    const other = (await player.client.post('/api/auth/passkeys/registration-options')).json();
    const wrongRp = attest(newCredential(), other, { rpId: 'evil.example' });
    expect((await player.client.post('/api/auth/passkeys', { name: 'x', response: wrongRp })).statusCode).toBe(400);
    expect((await player.client.get('/api/auth/passkeys')).json()).toEqual([]);
  });

  it('asks for a recent sign-in (under a day old) before adding a passkey: options and the answer alike', async () => {
    const player = await registerPlayer(t.app);
    // The session's age is its row's createdAt (better-auth's fresh-session rule reads nothing else): set it as if the
    // player had signed in that many hours ago, instead of waiting.
    const signedInHoursAgo = (hours: number) =>
      t.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - hours * 60 * 60_000) })
        .where(eq(sessions.userId, player.userId));
    const expectReauthentication = (answer: { statusCode: number; json: () => { error: { code: string } } }) => {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
    };

    const options = (await player.client.post('/api/auth/passkeys/registration-options')).json<{ challenge: string }>();
    await signedInHoursAgo(25);
    expectReauthentication(
      await player.client.post('/api/auth/passkeys', { name: 'Late', response: attest(newCredential(), options) }),
    );
    expectReauthentication(await player.client.post('/api/auth/passkeys/registration-options'));
    expect((await player.client.get('/api/auth/passkeys')).json()).toEqual([]);
    // Still signed in for everything else.
    expect((await player.client.get('/api/challenges')).statusCode).toBe(200);

    await signedInHoursAgo(23);
    const { created } = await addPasskey(player.client, 'Fresh');
    expect(created.statusCode, created.body).toBe(200);
  });

  it("never lets one player rename or remove another's passkey", async () => {
    const owner = await playerWithPasskey();
    const other = await registerPlayer(t.app);
    const rename = await other.client.patch(`/api/auth/passkeys/${owner.passkeyId}`, { name: 'mine' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().error.code).toBe('PASSKEY_NOT_FOUND');
    expect((await other.client.delete(`/api/auth/passkeys/${owner.passkeyId}`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/auth/passkeys')).json()).toEqual([expect.objectContaining({ name: 'Laptop' })]);
  });

  it('answers 400 to a malformed answer or name, never 500', async () => {
    const player = await registerPlayer(t.app);
    for (const body of [
      {},
      { name: '', response: {} },
      { name: 'x', response: { id: 'a', type: 'nope' } },
      { name: 'x'.repeat(65) },
    ]) {
      const answer = await player.client.post('/api/auth/passkeys', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/sign-in', payload: { response: 1 } })).statusCode).toBe(
      400,
    );
  });
});

describe('signing in with a passkey', () => {
  it('signs its owner in without a password, and only its owner', async () => {
    const a = await playerWithPasskey();
    const b = await playerWithPasskey();
    const { client, answer } = await signInWithPasskey(a.credential);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user.uid).toBe(a.userId);
    expect((await client.get('/api/auth/session')).json().user.uid).toBe(a.userId);

    // A's key signing for B's credential id: the signature does not match B's public key.
    const forged = newCredential();
    forged.id = b.credential.id;
    forged.privateKey = a.credential.privateKey;
    const asB = await signInWithPasskey(forged);
    expect(asB.answer.statusCode).toBe(401);
    expect(asB.answer.json().error.code).toBe('PASSKEY_FAILED');
    expect(asB.client.hasSession()).toBe(false);
  });

  it('refuses a replayed answer, an unknown passkey, another origin and a sign-in without user verification', async () => {
    const player = await playerWithPasskey();
    const first = await signInWithPasskey(player.credential);
    expect(first.answer.statusCode).toBe(200);
    // The same signed answer again, with or without new options: its challenge was used.
    const replay = new TestClient(t.app);
    expect((await replay.post('/api/auth/passkey/sign-in', { response: first.response })).statusCode).toBe(401);
    await replay.post('/api/auth/passkey/sign-in/options');
    expect((await replay.post('/api/auth/passkey/sign-in', { response: first.response })).statusCode).toBe(401);
    expect(replay.hasSession()).toBe(false);

    expect((await signInWithPasskey(newCredential())).answer.statusCode).toBe(401);
    expect((await signInWithPasskey(player.credential, { origin: 'https://evil.example' })).answer.statusCode).toBe(401);
    expect((await signInWithPasskey(player.credential, { rpId: 'evil.example' })).answer.statusCode).toBe(401);
    const unverified = await signInWithPasskey(player.credential, { userVerified: false });
    expect(unverified.answer.statusCode).toBe(401);
    expect(unverified.client.hasSession()).toBe(false);
  });

  it('refuses a banned player', async () => {
    const player = await playerWithPasskey();
    const banned = await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: 'cheating' });
    expect(banned.statusCode, banned.body).toBe(200);
    const { answer, client } = await signInWithPasskey(player.credential);
    expect(answer.statusCode).toBe(403);
    expect(client.hasSession()).toBe(false);
  });

  it('is the second step of a password sign-in for an account with two-factor on', async () => {
    const player = await playerWithPasskey();
    const enrolment = (await player.client.post('/api/auth/two-factor/enable', { password: player.password })).json();
    expect((await player.client.post('/api/auth/two-factor/confirm', { code: totpCode(enrolment.secret) })).statusCode).toBe(200);
    const client = new TestClient(t.app);
    expect((await client.post('/api/auth/login', { email: player.email, password: player.password })).json()).toEqual({
      twoFactorRequired: true,
      methods: ['totp'],
    });
    const { answer } = await signInWithPasskey(player.credential, {}, client);
    expect(answer.statusCode).toBe(200);
    expect((await client.get('/api/auth/session')).json().user.uid).toBe(player.userId);
  });

  it("goes away with an admin's reset of the player's second factor", async () => {
    const player = await playerWithPasskey();
    expect((await admin.delete(`/api/admin/users/${player.userId}/two-factor`)).statusCode).toBe(200);
    expect((await signInWithPasskey(player.credential)).answer.statusCode).toBe(401);
    const again = new TestClient(t.app);
    await again.post('/api/auth/login', { email: player.email, password: player.password });
    expect((await again.get('/api/auth/passkeys')).json()).toEqual([]);
  });
});

describe('every passkey route', () => {
  it('answers 401 to anonymous callers and 403 to an API token on account routes, and is in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/auth/passkey'))
      .flatMap(([url, item]) =>
        Object.keys(item).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE',
          url: url.replace('{passkeyId}', 'x'),
        })),
      );
    expect(operations.map((o) => `${o.method} ${o.url}`).sort()).toEqual([
      'DELETE /api/auth/passkeys/x',
      'GET /api/auth/passkeys',
      'PATCH /api/auth/passkeys/x',
      'POST /api/auth/passkey/sign-in',
      'POST /api/auth/passkey/sign-in/options',
      'POST /api/auth/passkeys',
      'POST /api/auth/passkeys/registration-options',
    ]);
    const player = await registerPlayer(t.app);
    const { token } = (await player.client.post('/api/tokens', { name: 'walk', expiresInDays: 1 })).json<{ token: string }>();
    for (const { method, url } of operations) {
      if (url.startsWith('/api/auth/passkey/')) continue; // the sign-in itself: anonymous by design
      const payload = method === 'PATCH' ? { name: 'x' } : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url} anonymous`).toBe(401);
      const byToken = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
      expect(byToken.statusCode, `${method} ${url} by token`).toBe(403);
      const asPlayer = await player.client.request({ method, url, payload });
      expect(asPlayer.statusCode, `${method} ${url} as a player`).toBeLessThan(500);
      const asAdmin = await admin.request({ method, url, payload });
      expect(asAdmin.statusCode, `${method} ${url} as an admin`).toBeLessThan(500);
    }
    const anonymousOptions = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/sign-in/options' });
    expect(anonymousOptions.statusCode).toBe(200);
  });
});
