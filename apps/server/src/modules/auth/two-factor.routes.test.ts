import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { totpCode } from '../../../test/totp.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A player with two-factor on: the enrolment's secret and backup codes. */
async function playerWithTwoFactor() {
  const player = await registerPlayer(t.app);
  const enrol = await player.client.post('/api/auth/two-factor/enable', { password: player.password });
  expect(enrol.statusCode).toBe(200);
  const enrolment = enrol.json<{ totpURI: string; secret: string; backupCodes: string[] }>();
  const confirm = await player.client.post('/api/auth/two-factor/confirm', { code: totpCode(enrolment.secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...player, ...enrolment };
}

/** The first step of a sign-in: the password, then a client holding the `two_factor` cookie. */
async function signInFirstStep(email: string, password: string) {
  const client = new TestClient(t.app);
  const login = await client.post('/api/auth/login', { email, password });
  expect(login.statusCode).toBe(200);
  return { client, body: login.json() };
}

describe('two-factor with an authenticator app (TOTP)', () => {
  it('enrols with a QR code URI, its secret and ten backup codes, and is on only after a first code', async () => {
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/auth/two-factor')).json()).toEqual({ enabled: false });
    const wrongPassword = await player.client.post('/api/auth/two-factor/enable', { password: 'not-the-password' });
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');

    const enrolment = (await player.client.post('/api/auth/two-factor/enable', { password: player.password })).json();
    expect(enrolment.totpURI).toMatch(/^otpauth:\/\/totp\/Drapeau:.*secret=/);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(enrolment.backupCodes).toHaveLength(10);
    expect(new Set(enrolment.backupCodes).size).toBe(10);
    // Not on yet: a sign-in still needs the password only.
    expect((await signInFirstStep(player.email, player.password)).body.user).toBeDefined();

    const wrong = await player.client.post('/api/auth/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await player.client.get('/api/auth/two-factor')).json()).toEqual({ enabled: false });
    const right = await player.client.post('/api/auth/two-factor/confirm', { code: totpCode(enrolment.secret) });
    expect(right.statusCode).toBe(200);
    // better-auth replaced the session: the client follows the new cookie and is still signed in.
    expect((await player.client.get('/api/auth/two-factor')).json()).toEqual({ enabled: true });
  });

  it('asks for a code after the password, accepts it once, and refuses a replayed or wrong one', async () => {
    const player = await playerWithTwoFactor();
    const first = await signInFirstStep(player.email, player.password);
    expect(first.body).toEqual({ twoFactorRequired: true, methods: ['totp'] });
    expect(first.client.hasSession()).toBe(false);
    // Half signed in: an authenticated route (there is no GET /api/users/me) still refuses the client.
    expect((await first.client.get(`/api/users/${player.userId}`)).statusCode).toBe(401);

    const code = totpCode(player.secret, new Date(), 1);
    const verified = await first.client.post('/api/auth/two-factor/verify', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.uid).toBe(player.userId);
    expect(first.client.hasSession()).toBe(true);

    // The same code again, in another sign-in: refused, and no session is left behind.
    const again = await signInFirstStep(player.email, player.password);
    const replay = await again.client.post('/api/auth/two-factor/verify', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('TWO_FACTOR_INVALID_CODE');
    expect(again.client.hasSession()).toBe(false);
    expect((await again.client.get('/api/auth/session')).json().user).toBeNull();
  });

  it('ends a sign-in after five wrong codes (brute force), even if the sixth is right', async () => {
    const player = await playerWithTwoFactor();
    const { client } = await signInFirstStep(player.email, player.password);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await client.post('/api/auth/two-factor/verify', { code: String(100000 + i) });
      expect(wrong.json().error.code).toBe('TWO_FACTOR_INVALID_CODE');
    }
    const sixth = await client.post('/api/auth/two-factor/verify', { code: totpCode(player.secret, new Date(), -1) });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().error.code).toBe('TWO_FACTOR_EXPIRED');
    expect(client.hasSession()).toBe(false);
  });

  it('accepts each backup code once', async () => {
    const player = await playerWithTwoFactor();
    const backup = player.backupCodes[3]!;
    const first = await signInFirstStep(player.email, player.password);
    expect((await first.client.post('/api/auth/two-factor/verify', { code: backup, method: 'backup' })).statusCode).toBe(200);
    const second = await signInFirstStep(player.email, player.password);
    const reused = await second.client.post('/api/auth/two-factor/verify', { code: backup, method: 'backup' });
    expect(reused.json().error.code).toBe('TWO_FACTOR_INVALID_CODE');
  });

  it('is turned off with the password and a code, not with the password alone', async () => {
    const player = await playerWithTwoFactor();
    const noCode = await player.client.post('/api/auth/two-factor/disable', { password: player.password, code: '123456' });
    expect(noCode.json().error.code).toBe('TWO_FACTOR_INVALID_CODE');
    const code = totpCode(player.secret, new Date(), -1);
    const badPassword = await player.client.post('/api/auth/two-factor/disable', { password: 'wrong-password', code });
    expect(badPassword.statusCode).toBe(401);
    expect((await player.client.get('/api/auth/two-factor')).json()).toEqual({ enabled: true });
    const off = await player.client.post('/api/auth/two-factor/disable', {
      password: player.password,
      code: player.backupCodes[0]!,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await player.client.get('/api/auth/two-factor')).json()).toEqual({ enabled: false });
    expect((await signInFirstStep(player.email, player.password)).body.user.uid).toBe(player.userId);
  });
});

describe('admins and two-factor', () => {
  it('an admin resets a player’s second factor (audited); a player cannot', async () => {
    const player = await playerWithTwoFactor();
    const other = await registerPlayer(t.app);
    expect((await other.client.delete(`/api/admin/users/${player.userId}/two-factor`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/admin/users/${player.userId}/two-factor`)).statusCode).toBe(200);
    expect((await signInFirstStep(player.email, player.password)).body.user.uid).toBe(player.userId);
    const audit = (await admin.get('/api/admin/audit')).json();
    expect(audit.entries[0]).toMatchObject({ action: 'user.two-factor-reset', targetUserId: player.userId });
    expect((await admin.delete('/api/admin/users/no-such-user/two-factor')).statusCode).toBe(404);
  });

  it('can require two-factor of admins: an admin without one is kept out of the admin routes until enrolled', async () => {
    expect((await admin.patch('/api/admin/settings', { requireTwoFactorForAdmins: true })).statusCode).toBe(200);
    try {
      const refused = await admin.get('/api/admin/stats');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');
      // The account page still works, so that the admin can enrol.
      const enrolment = (await admin.post('/api/auth/two-factor/enable', { password: 'admin-password-1' })).json();
      expect((await admin.post('/api/auth/two-factor/confirm', { code: totpCode(enrolment.secret) })).statusCode).toBe(200);
      expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
    } finally {
      await admin.patch('/api/admin/settings', { requireTwoFactorForAdmins: false }).catch(() => undefined);
    }
  });
});

describe('every /api/auth/two-factor route', () => {
  it('answers 401 to anonymous callers, 403 to an API token, and serves a signed-in player', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/auth/two-factor'))
      .flatMap(([url, item]) => Object.keys(item).map((method) => ({ method: method.toUpperCase() as 'GET' | 'POST', url })));
    expect(operations.map((o) => `${o.method} ${o.url}`).sort()).toEqual([
      'GET /api/auth/two-factor',
      'POST /api/auth/two-factor/confirm',
      'POST /api/auth/two-factor/disable',
      'POST /api/auth/two-factor/enable',
      'POST /api/auth/two-factor/verify',
    ]);
    const player = await registerPlayer(t.app);
    const { token } = (await player.client.post('/api/tokens', { name: 'walk', expiresInDays: 1 })).json<{ token: string }>();
    const payload = { password: player.password, code: '123456' };
    for (const { method, url } of operations) {
      const body =
        method === 'POST'
          ? {
              payload: url.endsWith('/enable')
                ? { password: player.password }
                : url.endsWith('/disable')
                  ? payload
                  : { code: '123456' },
            }
          : {};
      expect((await t.app.inject({ method, url, ...body })).statusCode, `${method} ${url} anonymous`).toBe(401);
      if (url.endsWith('/verify')) continue; // the second step of a sign-in: only the `two_factor` cookie counts
      const byToken = await t.app.inject({ method, url, ...body, headers: { authorization: `Bearer ${token}` } });
      expect(byToken.statusCode, `${method} ${url} by token`).toBe(403);
      const asPlayer = await player.client.request({ method, url, ...body });
      expect(asPlayer.statusCode, `${method} ${url} as a player`).toBeLessThan(500);
    }
  });
});
