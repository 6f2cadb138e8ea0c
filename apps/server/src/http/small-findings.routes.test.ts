import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, TestClient, type TestApp } from '../../test/build-test-app.js';

/** Issue #17.8: caching, impersonating names, the sign-up race, malformed URLs, and the security headers. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (username: string, email = `${username.replace(/[^a-z0-9]/gi, '')}${Math.random()}@example.com`) =>
  new TestClient(t.app).post('/api/auth/register', { username, email, password: 'player-password' });

describe('per-user answers', () => {
  it('carry Cache-Control: no-store', async () => {
    const player = await registerPlayer(t.app);
    for (const url of ['/api/auth/session', `/api/users/${player.userId}`, '/api/challenges', '/api/leaderboard']) {
      expect((await player.client.get(url)).headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('security headers', () => {
  it("give pages the app's policy: framing denied in both headers, fonts from the app only, a Permissions-Policy", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/leaderboard' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toMatch(/font-src 'self'(;|$)/);
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('give every API answer the strict set, errors included: nothing allowed, no framing, no sniffing, no-store', async () => {
    const player = await registerPlayer(t.app);
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/leaderboard', 200],
      ['/api/admin/stats', 403],
      ['/api/no-such-route', 404],
    ] as const) {
      const response = await player.client.get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // A route that may be cached says so itself (the CTFtime feed, once published outside an event).
    await (await loginAdmin(t.app)).patch('/api/admin/settings', { ctftimeFeedPublished: true });
    expect((await player.client.get('/api/scoreboard/ctftime')).headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('a malformed URL', () => {
  it('answers 400 in the {error:{code,message}} shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });
});

describe('usernames', () => {
  it.each(['admin', 'Administrator', 'system', 'adm1n', 'sys.tem', 'ADMlN', 'teacher', 'Teacher', 'user', 'player', 'p1ayer'])(
    'refuses %s as reserved',
    async (name) => {
      const response = await register(name);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('USERNAME_RESERVED');
    },
  );

  it("refuses a role's name on rename too", async () => {
    const player = await registerPlayer(t.app);
    for (const name of ['teacher', 'TEACHER', 'user', 'player']) {
      const rename = await player.client.patch('/api/users/me', { username: name });
      expect(rename.statusCode, name).toBe(409);
      expect(rename.json().error.code, name).toBe('USERNAME_RESERVED');
    }
  });

  it('answers one 200 and 19 × 409 USERNAME_TAKEN to 20 players renaming to one name at once', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => registerPlayer(t.app)));
    const renames = await Promise.all(players.map((p) => p.client.patch('/api/users/me', { username: 'Same_Name_Race' })));
    expect(renames.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const refused of renames.filter((r) => r.statusCode !== 200)) {
      expect(refused.json().error.code).toBe('USERNAME_TAKEN');
    }
  });

  it('refuses look-alikes of an existing name (rn for m, 0 for o, 1 for l), at sign-up and on rename', async () => {
    expect((await register('marlo_vance')).statusCode).toBe(200);
    for (const name of ['rnarlo_vance', 'marl0_vance', 'mar1o_vance', 'marlo.vance']) {
      const response = await register(name);
      expect(response.statusCode, name).toBe(409);
      expect(response.json().error.code, name).toBe('USERNAME_RESERVED');
    }
    const player = await registerPlayer(t.app);
    const rename = await player.client.patch('/api/users/me', { username: 'rnarlo-vance' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.code).toBe('USERNAME_RESERVED');
    expect((await player.client.patch('/api/users/me', { username: 'administrator' })).statusCode).toBe(409);
  });

  it('answers 409 USERNAME_TAKEN or EMAIL_IN_USE to simultaneous sign-ups with one name or one email', async () => {
    const sameName = await Promise.all(Array.from({ length: 8 }, (_, i) => register('racer_one', `racer${i}@example.com`)));
    expect(sameName.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of sameName.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('USERNAME_TAKEN');
    }
    const sameEmail = await Promise.all(
      Array.from({ length: 8 }, (_, i) => register(`emailracer_${String.fromCharCode(97 + i)}x`, 'shared@example.com')),
    );
    expect(sameEmail.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of sameEmail.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('EMAIL_IN_USE');
    }
  });
});
