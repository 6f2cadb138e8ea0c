import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions, users } from '../../db/schema/index.js';
import { buildTestApp, registerPlayer, TEST_ADMIN, type TestApp, TestClient } from '../../../test/build-test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_ACCOUNT_RATE_LIMIT: '3', AUTH_IP_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/register', () => {
  it('creates a player, signs them in with an HttpOnly SameSite=Lax cookie and shows their own email', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/register', {
      username: 'Ada_L',
      email: 'Ada@Example.com',
      password: 'secret1',
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/drapeau\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const { user } = response.json();
    expect(user).toMatchObject({
      username: 'Ada_L',
      email: 'ada@example.com',
      rank: 'user',
      score: 0,
      solvedChallenges: [],
      badges: [],
      bio: '',
      avatarUrl: '',
    });

    const session = await client.get('/api/auth/session');
    expect(session.json().user.uid).toBe(user.uid);
  });

  it('makes every new account a user, whatever the request says', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/register', {
      username: 'sneaky',
      email: 'sneaky@example.com',
      password: 'secret12',
      role: 'admin',
      rank: 'admin',
      score: 9999,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ rank: 'user', score: 0 });
    const admin = await client.post('/api/admin/seed');
    expect(admin.statusCode).toBe(403);
  });

  it('refuses an email already in use', async () => {
    await registerPlayer(t.app, { email: 'taken@example.com' });
    const response = await new TestClient(t.app).post('/api/auth/register', {
      username: 'another1',
      email: 'TAKEN@example.com',
      password: 'secret12',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('EMAIL_IN_USE');
  });

  it('refuses a username that differs from a taken one only by case', async () => {
    await registerPlayer(t.app, { username: 'NightOwl' });
    const response = await new TestClient(t.app).post('/api/auth/register', {
      username: 'nightowl',
      email: 'owl2@example.com',
      password: 'secret12',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('USERNAME_TAKEN');
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(33)],
    ['with spaces', 'two words'],
  ])('refuses a username %s with 400', async (_label, username) => {
    const response = await new TestClient(t.app).post('/api/auth/register', {
      username,
      email: 'u@example.com',
      password: 'secret12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.issues[0].path).toBe('body.username');
  });

  it('refuses a password shorter than 6 characters as weak', async () => {
    const response = await new TestClient(t.app).post('/api/auth/register', {
      username: 'shortpw',
      email: 'shortpw@example.com',
      password: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('WEAK_PASSWORD');
  });

  it.each([
    ['no body', undefined],
    ['a string body', 'hello'],
    ['an invalid email', { username: 'abc', email: 'not-an-email', password: 'secret12' }],
    ['a missing password', { username: 'abc', email: 'a@b.co' }],
  ])('answers 400 VALIDATION_FAILED to %s', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: payload as string,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('login, session and logout', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const player = await registerPlayer(t.app);
    const wrong = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const client = new TestClient(t.app);
    const right = await client.post('/api/auth/login', { email: player.email.toUpperCase(), password: player.password });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.uid).toBe(player.userId);
  });

  it('answers a null user when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(response.json()).toEqual({ user: null });
  });

  it('revokes the session on logout: the old cookie no longer works', async () => {
    const player = await registerPlayer(t.app);
    const cookie = `drapeau.session_token=${(await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: player.password })).cookies[0]?.value ?? ''}`;
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(before.json().user.uid).toBe(player.userId);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
  });

  it('ends a banned user’s session at their next request and refuses their sign-in', async () => {
    const player = await registerPlayer(t.app);
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, player.userId));
    const session = await player.client.get('/api/auth/session');
    expect(session.json()).toEqual({ user: null });
    const login = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: player.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('USER_BANNED');
  });

  it('ends a deleted user’s session', async () => {
    const player = await registerPlayer(t.app);
    await t.database.db.delete(users).where(eq(users.id, player.userId));
    expect((await player.client.get('/api/auth/session')).json()).toEqual({ user: null });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, player.userId))).toEqual([]);
  });

  it('limits sign-in attempts per account with 429 and a retry time', async () => {
    const player = await registerPlayer(t.app);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: 'wrong-pass' })).statusCode,
      ).toBe(401);
    }
    const limited = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: player.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('admin bootstrap', () => {
  it('creates the configured admin', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.rank).toBe('admin');
  });
});

describe('cookies over https', () => {
  it('marks the session cookie Secure when the public URL is https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://ctf.example.org' } });
    try {
      const response = await new TestClient(secure.app).post('/api/auth/register', {
        username: 'secure_one',
        email: 'secure@example.com',
        password: 'secret12',
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
