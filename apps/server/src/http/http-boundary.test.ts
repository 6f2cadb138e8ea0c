import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp, TestClient } from '../../test/build-test-app.js';
import { createLoggerOptions } from '../lib/logger.js';
import { deriveFlag } from '../modules/challenges/flags/flag-check.js';

import { RATE_LIMITS } from './rate-limits.js';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({
    env: { AUTH_IP_RATE_LIMIT: '4', LOG_REQUESTS: '1' },
    logger: { ...createLoggerOptions('debug'), stream: sink },
  });
});
afterAll(async () => {
  await t.close();
});

describe('Origin check', () => {
  it('refuses a state-changing request from another site with 403 ORIGIN_FORBIDDEN', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ORIGIN_FORBIDDEN');
  });

  it('refuses a cross-site request without Origin when the browser marks it cross-site', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
  });

  it('lets the app’s own origin through, and any origin read', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });
});

describe('rate limits per IP', () => {
  it('answers 429 RATE_LIMITED with a retry time after too many sign-ups from one address', async () => {
    const responses = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: `iplimit${i}`, email: `iplimit${i}@example.com`, password: 'secret12' },
        remoteAddress: '10.9.8.7',
      });
      responses.push(response);
    }
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429]);
    expect(responses[4]?.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'otheraddr', email: 'otheraddr@example.com', password: 'secret12' },
      remoteAddress: '10.9.8.8',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 429 RATE_LIMITED to an address that keeps asking for unknown routes, and 404 to the others', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS['not-found'].points; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: `/api/scan-${i}`, remoteAddress: '10.9.8.9' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, RATE_LIMITS['not-found'].points).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await t.app.inject({ method: 'GET', url: '/api/scan-again', remoteAddress: '10.9.8.9' });
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    const other = await t.app.inject({ method: 'GET', url: '/api/scan-0', remoteAddress: '10.9.8.10' });
    expect(other.statusCode).toBe(404);
  });
});

describe('API conventions', () => {
  it('answers GET /api/health', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('documents every route in an OpenAPI 3 document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/challenges/{id}/submit',
      '/api/leaderboard/',
      '/api/leaderboard/graph',
      '/api/admin/seed',
      '/api/users/me',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('answers 404 NOT_FOUND in the error shape for an unknown API route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers 400 to malformed JSON, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('logs', () => {
  it('never contain passwords, session cookies or flags', async () => {
    const player = await registerPlayer(t.app, { password: 'very-secret-password' });
    const client = new TestClient(t.app);
    await client.post('/api/auth/login', { email: player.email, password: 'very-secret-password' });
    const flag = deriveFlag(t.config.instanceSecret!, 'caesar-cipher');
    await client.post('/api/challenges/caesar-cipher/submit', { flag });
    await client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{a-wrong-guess}' });
    const log = logLines.join('');
    expect(log).toContain('/api/challenges/caesar-cipher/submit');
    expect(log).not.toContain('very-secret-password');
    expect(log).not.toContain(flag);
    expect(log).not.toContain('a-wrong-guess');
    expect(log).not.toMatch(/drapeau\.session_token=/);
  });
});
