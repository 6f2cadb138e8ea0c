import { createHmac } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';

import { createSessionCache } from './session-cache.js';
import { readCookie, verifySignedValue } from './session-cookie.js';

describe('readCookie (as better-call parses cookies)', () => {
  it('takes the first occurrence, trimmed, unquoted and URL-decoded', () => {
    expect(readCookie('a=1; drapeau.session_token=x%2By.sig; drapeau.session_token=other', 'drapeau.session_token')).toBe(
      'x+y.sig',
    );
    expect(readCookie('drapeau.session_token="quoted"', 'drapeau.session_token')).toBe('quoted');
    expect(readCookie('  drapeau.session_token =  spaced  ', 'drapeau.session_token')).toBe('spaced');
    expect(readCookie('__Secure-drapeau.session_token=x', 'drapeau.session_token')).toBeUndefined();
    expect(readCookie('drapeau.session_token=%E0%A4%A', 'drapeau.session_token')).toBe('%E0%A4%A');
    expect(readCookie('nothing here', 'drapeau.session_token')).toBeUndefined();
  });
});

describe('verifySignedValue', () => {
  const secret = 'a-session-secret-of-at-least-32-chars';
  const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('returns the token of a value signed with the secret, and nothing for anything else', () => {
    expect(verifySignedValue(sign('tok.en'), secret)).toBe('tok.en');
    expect(verifySignedValue(sign('token'), 'another-secret-of-at-least-32-chars')).toBeUndefined();
    const signed = sign('token');
    expect(verifySignedValue(`${signed.slice(0, -2)}A=`, secret)).toBeUndefined();
    expect(verifySignedValue('token', secret)).toBeUndefined();
    expect(verifySignedValue('.abc', secret)).toBeUndefined();
    expect(verifySignedValue(`token2.${signed.split('.')[1]}`, secret)).toBeUndefined();
  });
});

describe('createSessionCache', () => {
  it('forgets entries after the TTL, at the session expiry, on forget() and clear()', () => {
    let now = 1000;
    const cache = createSessionCache<{ userId: string }>({ ttlMs: 100, maxEntries: 10, now: () => now });
    cache.set('a', { userId: 'A' }, 5000, cache.generation());
    cache.set('b', { userId: 'B' }, 1050, cache.generation());
    expect(cache.get('a')).toEqual({ userId: 'A' });
    now = 1060;
    expect(cache.get('b')).toBeUndefined();
    now = 1101;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', { userId: 'A' }, 5000, cache.generation());
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', { userId: 'C' }, 5000, cache.generation());
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('asks once for a read-ahead after three quarters of the TTL, and a new read starts a new TTL', () => {
    let now = 1000;
    const cache = createSessionCache<{ userId: string }>({ ttlMs: 100, maxEntries: 10, now: () => now });
    cache.set('a', { userId: 'A' }, 5000, cache.generation());
    now = 1074;
    expect(cache.claimRefresh('a')).toBe(false);
    now = 1075;
    expect(cache.claimRefresh('a')).toBe(true);
    expect(cache.claimRefresh('a')).toBe(false);
    expect(cache.get('a')).toEqual({ userId: 'A' });
    // Read again at 1075: kept until 1175, due again at 1150.
    cache.set('a', { userId: 'A' }, 5000, cache.generation());
    now = 1140;
    expect(cache.get('a')).toEqual({ userId: 'A' });
    expect(cache.claimRefresh('a')).toBe(false);
    now = 1150;
    expect(cache.claimRefresh('a')).toBe(true);
    now = 1174;
    expect(cache.get('a')).toEqual({ userId: 'A' });
    now = 1175;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.claimRefresh('unknown')).toBe(false);
  });

  it('does not store what was read before sessions were forgotten', () => {
    const cache = createSessionCache<{ userId: string }>({ ttlMs: 100, maxEntries: 10 });
    const readAt = cache.generation();
    cache.clear();
    cache.set('a', { userId: 'A' }, Date.now() + 10_000, readAt);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('remembered sessions end at once', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends a remembered session at its next request when the role changes', async () => {
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/admin/stats')).statusCode).toBe(403);
    expect((await admin.patch(`/api/admin/users/${player.userId}`, { rank: 'admin' })).statusCode).toBe(200);
    expect((await player.client.get('/api/admin/stats')).statusCode).toBe(401);
    const promoted = new TestClient(t.app);
    await promoted.post('/api/auth/login', { email: player.email, password: player.password });
    expect((await promoted.get('/api/admin/stats')).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/users/${player.userId}`, { rank: 'user' })).statusCode).toBe(200);
    expect((await promoted.get('/api/admin/stats')).statusCode).toBe(401);
  });

  it('ends the remembered session of a deleted user', async () => {
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/leaderboard/')).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/users/${player.userId}`)).statusCode).toBe(200);
    expect((await player.client.get('/api/leaderboard/')).statusCode).toBe(401);
  });

  it('ends a remembered session on sign-out, and never accepts a tampered cookie', async () => {
    const player = await registerPlayer(t.app);
    const login = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: player.password });
    const raw = login.cookies.find((c) => c.name === 'drapeau.session_token')?.value ?? '';
    const cookie = `drapeau.session_token=${raw}`;
    const get = (c: string) => t.app.inject({ method: 'GET', url: '/api/leaderboard/', headers: { cookie: c } });
    expect((await get(cookie)).statusCode).toBe(200);

    const value = decodeURIComponent(raw);
    const dot = value.lastIndexOf('.');
    const flipped = value[dot + 1] === 'A' ? 'B' : 'A';
    const tampered = `${value.slice(0, dot + 1)}${flipped}${value.slice(dot + 2)}`;
    expect((await get(`drapeau.session_token=${encodeURIComponent(tampered)}`)).statusCode).toBe(401);
    expect((await get(`drapeau.session_token=${encodeURIComponent(value.slice(0, dot))}`)).statusCode).toBe(401);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await get(cookie)).statusCode).toBe(401);
  });
});
