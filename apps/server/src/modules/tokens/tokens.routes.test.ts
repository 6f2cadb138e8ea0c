import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiTokens, users } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, TestClient, type TestApp } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { totpCode } from '../../../test/totp.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

let t: TestApp;
let admin: TestClient;
const clock = createManualClock();
const DAY_MS = 24 * 60 * 60 * 1000;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SUBMISSION_RATE_LIMIT: '3' } });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

/** What a script does: no cookie, no Origin, only the token. */
function script(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload }),
  };
}

async function createToken(client: TestClient, name = 'scoreboard script', expiresInDays = 30) {
  const response = await client.post('/api/tokens', { name, expiresInDays });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; token: string; hint: string; expiresAt: string }>();
}

describe('API tokens, used as a script would', () => {
  it('read the challenges and submit a flag with the same rules and limits as the browser', async () => {
    const player = await registerPlayer(t.app);
    const created = await createToken(player.client);
    expect(created.token).toMatch(/^drp_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(created.token.slice(-4));
    expect(new Date(created.expiresAt).getTime()).toBe(clock.now().getTime() + 30 * DAY_MS);

    const bot = script(created.token);
    const session = await bot.get('/api/auth/session');
    expect(session.json().user).toMatchObject({ uid: player.userId });
    const challenges = await bot.get('/api/challenges');
    expect(challenges.statusCode).toBe(200);
    const solve = await bot.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    expect(solve.statusCode).toBe(200);
    expect(solve.json()).toMatchObject({ status: 'correct', points: 10 });
    expect((await player.client.get('/api/auth/session')).json().user.score).toBeGreaterThan(0);

    // The wrong-flag limit is the player's, whichever way they come: three wrong guesses by token, then the browser is refused.
    for (let i = 0; i < 3; i += 1) {
      expect((await bot.post('/api/challenges/caesar-cipher/submit', { flag: `CTF{guess-${i}}` })).statusCode).toBe(200);
    }
    expect((await bot.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{again}' })).statusCode).toBe(429);
    const browser = await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{browser}' });
    expect(browser.statusCode).toBe(429);
  });

  it('are shown once, kept hashed, listed without the token, and cannot manage the account', async () => {
    const player = await registerPlayer(t.app);
    const created = await createToken(player.client, 'ci');
    const list = (await player.client.get('/api/tokens')).json();
    expect(list.tokens).toEqual([expect.objectContaining({ id: created.id, name: 'ci', hint: created.hint, lastUsedAt: null })]);
    expect(JSON.stringify(list)).not.toContain(created.token);
    const rows = await t.database.db.select().from(apiTokens);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(4, 20));

    await script(created.token).get('/api/challenges');
    expect((await player.client.get('/api/tokens')).json().tokens[0].lastUsedAt).toBe(clock.now().toISOString());

    const bot = script(created.token);
    for (const [url, body] of [
      ['/api/tokens', { name: 'another', expiresInDays: 1 }],
      ['/api/auth/password/change', { currentPassword: player.password, newPassword: 'a-new-password-1' }],
    ] as const) {
      const refused = await bot.post(url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('TOKEN_NOT_ALLOWED');
    }
    expect((await bot.get('/api/tokens')).json().error.code).toBe('TOKEN_NOT_ALLOWED');
    expect((await player.client.get('/api/tokens')).json().tokens).toHaveLength(1);
  });

  it('are refused at once when revoked, expired, or when their owner is suspended', async () => {
    const player = await registerPlayer(t.app);
    const revoked = await createToken(player.client, 'revoked');
    const shortLived = await createToken(player.client, 'short', 1);
    const kept = await createToken(player.client, 'kept', 10);
    expect((await script(revoked.token).get('/api/challenges')).statusCode).toBe(200);

    // Another player cannot revoke it; its owner can.
    const other = await registerPlayer(t.app);
    expect((await other.client.delete(`/api/tokens/${revoked.id}`)).json().error.code).toBe('TOKEN_NOT_FOUND');
    expect((await player.client.delete(`/api/tokens/${revoked.id}`)).statusCode).toBe(200);
    const refused = await script(revoked.token).get('/api/challenges');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');

    clock.advance(DAY_MS);
    expect((await script(shortLived.token).get('/api/challenges')).statusCode).toBe(401);
    expect((await script(kept.token).get('/api/challenges')).statusCode).toBe(200);

    expect((await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: 'bot abuse' })).statusCode).toBe(200);
    expect((await script(kept.token).get('/api/challenges')).statusCode).toBe(401);
    expect((await script(kept.token).post('/api/challenges/dom-manipulation/submit', { flag: 'x' })).statusCode).toBe(401);
    expect((await admin.delete(`/api/admin/users/${player.userId}/ban`)).statusCode).toBe(200);
    expect((await script(kept.token).get('/api/challenges')).statusCode).toBe(200);
  });

  it('refuse a malformed or unknown token even where no sign-in is needed', async () => {
    // Public routes first: they answer anyone without a header.
    for (const url of ['/api/stats', '/api/health', '/api/leaderboard']) {
      if (url !== '/api/leaderboard') expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      for (const authorization of ['Bearer drp_unknown', `Bearer drp_${'A'.repeat(43)}`, 'Basic abc', 'Bearer']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { authorization } });
        expect(response.statusCode, `${url} ${authorization}`).toBe(401);
        expect(response.json().error.code).toBe('UNAUTHENTICATED');
      }
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: 'Bearer drp_unknown' },
      payload: { email: 'nobody@example.com', password: 'whatever-password' },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('have a name, a bounded life and a bounded number per player', async () => {
    const player = await registerPlayer(t.app);
    for (const body of [
      { name: '', expiresInDays: 1 },
      { name: 'x', expiresInDays: 0 },
      { name: 'x', expiresInDays: 366 },
      { name: 'x' },
    ]) {
      expect((await player.client.post('/api/tokens', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // Ten creations an hour.
    for (let i = 0; i < 10; i += 1) await createToken(player.client, `t${i}`);
    expect((await player.client.post('/api/tokens', { name: 'eleventh', expiresInDays: 1 })).statusCode).toBe(429);
  });
});

/** An admin of their own (not the shared test admin) with TOTP on: a session and the enrolment's secret. */
async function adminWithTotp() {
  const account = await registerPlayer(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, account.userId));
  const client = new TestClient(t.app);
  expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  const enrolment = (await client.post('/api/auth/two-factor/enable', { password: account.password })).json<{ secret: string }>();
  const confirm = await client.post('/api/auth/two-factor/confirm', { code: totpCode(enrolment.secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...account, client, secret: enrolment.secret };
}

describe('token scopes', () => {
  it("make a token player-scoped by default: an admin's token then acts as a player", async () => {
    const created = await createToken(admin, 'admin but player');
    const listed = (await admin.get('/api/tokens')).json<{ tokens: { id: string; scope: string }[] }>().tokens;
    expect(listed.find((token) => token.id === created.id)?.scope).toBe('player');
    const bot = script(created.token);
    expect((await bot.get('/api/challenges')).statusCode).toBe(200);
    for (const url of ['/api/admin/stats', '/api/admin/tokens', '/api/admin/users', '/api/admin/challenges/flags']) {
      const refused = await bot.get(url);
      expect(refused.statusCode, url).toBe(403);
    }
    expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
  });

  it('give an admin scope only to an admin, with a current TOTP code, for at most 30 days', async () => {
    const player = await registerPlayer(t.app);
    const asPlayer = await player.client.post('/api/tokens', { name: 'x', expiresInDays: 1, scope: 'admin', totpCode: '123456' });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().error.code).toBe('FORBIDDEN');
    // The shared test admin has no second factor.
    const noFactor = await admin.post('/api/tokens', { name: 'x', expiresInDays: 1, scope: 'admin', totpCode: '123456' });
    expect(noFactor.statusCode).toBe(403);
    expect(noFactor.json().error.code).toBe('TOKEN_SECOND_FACTOR_REQUIRED');

    const owner = await adminWithTotp();
    const ask = (body: object) => owner.client.post('/api/tokens', { name: 'admin script', scope: 'admin', ...body });
    const withoutCode = await ask({ expiresInDays: 30 });
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error.code).toBe('TOKEN_SECOND_FACTOR_REQUIRED');
    const wrongCode = await ask({ expiresInDays: 30, totpCode: totpCode(owner.secret, new Date(), 10) });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().error.code).toBe('TWO_FACTOR_INVALID_CODE');
    const code = totpCode(owner.secret, new Date(), 1);
    const tooLong = await ask({ expiresInDays: 31, totpCode: code });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION_FAILED');

    const created = await ask({ expiresInDays: 30, totpCode: code });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ scope: 'admin' });
    expect(new Date(created.json().expiresAt).getTime()).toBe(clock.now().getTime() + 30 * DAY_MS);
    // A code is accepted once.
    const replayed = await ask({ expiresInDays: 30, totpCode: code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('TWO_FACTOR_INVALID_CODE');

    const bot = script(created.json<{ token: string }>().token);
    expect((await bot.get('/api/admin/stats')).statusCode).toBe(200);
    expect((await bot.get(`/api/admin/tokens?userId=${owner.userId}`)).statusCode).toBe(200);

    // Demoted, its owner's admin token acts as a player.
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, owner.userId));
    expect((await bot.get('/api/admin/stats')).statusCode).toBe(403);
    expect((await bot.get('/api/challenges')).statusCode).toBe(200);
  });

  it("give a teacher scope only to a teacher: it runs the teacher's classes while its owner is one, never an admin route", async () => {
    const account = await registerPlayer(t.app);
    expect((await admin.patch(`/api/admin/users/${account.userId}`, { rank: 'teacher' })).statusCode).toBe(200);
    const teacher = new TestClient(t.app);
    expect((await teacher.post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
    const ask = (client: TestClient) => client.post('/api/tokens', { name: 'class script', expiresInDays: 90, scope: 'teacher' });

    // Asked by a player or an admin: refused, nothing made.
    for (const client of [(await registerPlayer(t.app)).client, admin]) {
      const refused = await ask(client);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }

    // The teacher's everyday token is a player's: no class of theirs, no admin route.
    const everyday = script((await createToken(teacher, 'everyday')).token);
    expect((await everyday.get('/api/classes')).statusCode).toBe(403);
    expect((await everyday.get('/api/admin/stats')).statusCode).toBe(403);
    expect((await everyday.get('/api/challenges')).statusCode).toBe(200);

    const created = await ask(teacher);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ scope: 'teacher' });
    const listed = (await teacher.get('/api/tokens')).json<{ tokens: { id: string; scope: string }[] }>().tokens;
    expect(listed.find((token) => token.id === created.json<{ id: string }>().id)?.scope).toBe('teacher');
    const bot = script(created.json<{ token: string }>().token);
    const made = await bot.post('/api/classes', { name: 'Made by a script' });
    expect(made.statusCode, made.body).toBe(201);
    const classId = made.json<{ id: string }>().id;
    expect((await bot.get('/api/classes')).json<{ classes: { id: string }[] }>().classes.map((c) => c.id)).toContain(classId);
    expect((await bot.get(`/api/classes/${classId}/progress.csv`)).statusCode).toBe(200);
    for (const url of ['/api/admin/stats', '/api/admin/users', '/api/admin/tokens']) {
      expect((await bot.get(url)).statusCode, url).toBe(403);
    }

    // No longer a teacher: the teacher token acts as a player.
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, account.userId));
    expect((await bot.get('/api/classes')).statusCode).toBe(403);
    expect((await bot.get('/api/challenges')).statusCode).toBe(200);
  });

  it('never open the backup or the flag list, admin scope included: those need a session', async () => {
    const owner = await adminWithTotp();
    const created = await owner.client.post('/api/tokens', {
      name: 'admin script',
      expiresInDays: 7,
      scope: 'admin',
      totpCode: totpCode(owner.secret, new Date(), 1),
    });
    expect(created.statusCode, created.body).toBe(201);
    const bot = script(created.json<{ token: string }>().token);
    for (const url of ['/api/admin/backup', '/api/admin/challenges/flags']) {
      const refused = await bot.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code, url).toBe('TOKEN_NOT_ALLOWED');
    }
    const flags = await owner.client.get('/api/admin/challenges/flags');
    expect(flags.statusCode).toBe(200);
    expect(flags.json().flags.length).toBeGreaterThan(0);
  });
});

describe('admins and API tokens', () => {
  it('list every token with its owner, never the token, and revoke any of them (audited)', async () => {
    const player = await registerPlayer(t.app);
    const created = await createToken(player.client, 'to be revoked by an admin');
    const page = (await admin.get(`/api/admin/tokens?userId=${player.userId}`)).json();
    expect(page).toMatchObject({ total: 1, page: 1 });
    expect(page.tokens[0]).toMatchObject({ id: created.id, userId: player.userId, username: player.username });
    expect(JSON.stringify(page)).not.toContain(created.token);
    expect((await admin.get('/api/admin/tokens')).json().total).toBeGreaterThan(1);

    expect((await admin.delete(`/api/admin/tokens/${created.id}`)).statusCode).toBe(200);
    expect((await script(created.token).get('/api/challenges')).statusCode).toBe(401);
    expect((await admin.delete(`/api/admin/tokens/${created.id}`)).json().error.code).toBe('TOKEN_NOT_FOUND');
    const audit = (await admin.get('/api/admin/audit')).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'token.revoke',
      targetUserId: player.userId,
      details: { name: 'to be revoked by an admin' },
    });
  });

  it('are described in the OpenAPI document as a bearer security scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/tokens/', '/api/tokens/{tokenId}', '/api/admin/tokens']),
    );
  });
});

describe('every /api/tokens route', () => {
  it('answers 401 to anonymous callers, 403 to a token, and serves a signed-in player', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/tokens'))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
          url: path.replace(/\{[^}]+\}/g, 'no-such-id'),
        })),
      );
    expect(operations.map((o) => `${o.method} ${o.url}`).sort()).toEqual([
      'DELETE /api/tokens/no-such-id',
      'GET /api/tokens/',
      'POST /api/tokens/',
    ]);
    const player = await registerPlayer(t.app);
    const { token } = await createToken(player.client);
    const payload = { name: 'walk', expiresInDays: 1 };
    for (const { method, url } of operations) {
      const body = method === 'POST' ? { payload } : {};
      expect((await t.app.inject({ method, url, ...body })).statusCode, `${method} ${url} anonymous`).toBe(401);
      const byToken = await t.app.inject({ method, url, ...body, headers: { authorization: `Bearer ${token}` } });
      expect(byToken.statusCode, `${method} ${url} by token`).toBe(403);
      const asPlayer = await player.client.request({ method, url, ...body });
      expect([401, 403], `${method} ${url} as a player`).not.toContain(asPlayer.statusCode);
      expect(asPlayer.statusCode, `${method} ${url} as a player`).toBeLessThan(500);
    }
  });
});
