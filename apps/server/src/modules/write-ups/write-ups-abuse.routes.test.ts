import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { WriteUp, WriteUpPage } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { RATE_LIMITS } from '../../http/rate-limits.js';

const WRITE_UP_WRITES_PER_10_MIN = RATE_LIMITS['write-up'].points;

import { createChallenge, mineUrl, solve, WRITE_UP, writeUpsUrl } from './testing/write-up-fixtures.js';

// docs/product.md#write-ups: every route guarded, stored text returned raw (never rendered), writes limited, the freeze
// kept, and a burst of writes still one write-up.

const HOUR = 60 * 60_000;
const clock = createManualClock(new Date('2026-04-01T09:00:00.000Z'));
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  for (const id of ['wa-walk', 'wa-xss', 'wa-limit', 'wa-burst', 'wa-freeze']) await createChallenge(admin, id);
});
afterAll(async () => t?.close());

describe('every write-up route', () => {
  it('answers 401 anonymous; moderation answers 403 FORBIDDEN to players and players’ tokens; admins get through', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.includes('write-ups'))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'PUT' | 'POST' | 'DELETE',
          path,
          url: path.replace('{id}', 'wa-walk').replace('{writeUpId}', '999999'),
        })),
      );
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'DELETE /api/challenges/{id}/write-ups/mine',
      'GET /api/challenges/{id}/write-ups',
      'POST /api/write-ups/{writeUpId}/hide',
      'POST /api/write-ups/{writeUpId}/unhide',
      'PUT /api/challenges/{id}/write-ups/mine',
    ]);
    const player = await registerPlayer(t.app);
    const { token } = (await player.client.post('/api/tokens', { name: 'walk', expiresInDays: 1 })).json<{ token: string }>();
    for (const { method, path, url } of operations) {
      const name = `${method} ${path}`;
      const payload = method === 'PUT' ? { payload: WRITE_UP } : {};
      const anonymous = await t.app.inject({ method, url, ...payload });
      expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const asPlayer = await player.client.request({ method, url, ...payload });
      const byToken = await t.app.inject({ method, url, ...payload, headers: { authorization: `Bearer ${token}` } });
      if (path.startsWith('/api/write-ups/')) {
        for (const response of [asPlayer, byToken]) {
          expect(response.statusCode, `${name} as a player`).toBe(403);
          expect(response.json().error.code).toBe('FORBIDDEN');
        }
      } else {
        // Not solved: refused, whoever asks, never a 5xx.
        for (const response of [asPlayer, byToken]) expect([403, 404], name).toContain(response.statusCode);
      }
      const asAdmin = await admin.request({ method, url, ...payload });
      expect(asAdmin.statusCode, `${name} as an admin`).not.toBe(401);
      expect(asAdmin.statusCode, `${name} as an admin`).toBeLessThan(500);
      // An admin too must have solved a challenge to write about it.
      if (asAdmin.statusCode === 403) expect(asAdmin.json().error.code, name).toBe('CHALLENGE_NOT_SOLVED');
    }
  });
});

describe('stored text', () => {
  it('comes back exactly as written, as JSON data: the API renders no Markdown and no HTML', async () => {
    const author = await registerPlayer(t.app);
    await solve(author.client, 'wa-xss');
    const hostile = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 1">',
      '[click me](javascript:window.__pwned=1)',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<svg onload=alert(1)>',
    ].join('\n\n');
    const title = '<b onmouseover="alert(1)">bold</b>';
    expect((await author.client.put(mineUrl('wa-xss'), { language: 'en', title, body: hostile })).statusCode).toBe(201);
    const reader = await registerPlayer(t.app);
    await solve(reader.client, 'wa-xss');
    const response = await reader.client.get(writeUpsUrl('wa-xss'));
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const [writeUp] = response.json<WriteUpPage>().writeUps;
    expect(writeUp).toMatchObject({ title, body: hostile });
    expect(Object.keys(writeUp!).sort()).toEqual(
      ['author', 'body', 'challengeId', 'createdAt', 'id', 'isHidden', 'language', 'title', 'updatedAt'].sort(),
    );
  });
});

describe('abuse', () => {
  it(`limits writes to ${WRITE_UP_WRITES_PER_10_MIN} per 10 minutes per author (429 RATE_LIMITED), then lets them write again`, async () => {
    const author = await registerPlayer(t.app);
    await solve(author.client, 'wa-limit');
    for (let i = 0; i < WRITE_UP_WRITES_PER_10_MIN; i += 1)
      expect((await author.client.put(mineUrl('wa-limit'), { ...WRITE_UP, title: `Draft ${i}` })).statusCode).toBeLessThan(300);
    const limited = await author.client.put(mineUrl('wa-limit'), { ...WRITE_UP, title: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect((await author.client.get(writeUpsUrl('wa-limit'))).json<WriteUpPage>().own?.title).toBe(
      `Draft ${WRITE_UP_WRITES_PER_10_MIN - 1}`,
    );
    clock.advance(10 * 60_000);
    expect((await author.client.put(mineUrl('wa-limit'), { ...WRITE_UP, title: 'Later' })).statusCode).toBe(200);
  });

  it('makes one write-up of a burst of concurrent first writes', async () => {
    const author = await registerPlayer(t.app);
    await solve(author.client, 'wa-burst');
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => author.client.put(mineUrl('wa-burst'), { ...WRITE_UP, title: `Burst ${i}` })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json<WriteUp>().id)).size).toBe(1);
    const all = (await admin.get(writeUpsUrl('wa-burst'))).json<WriteUpPage>();
    expect(all.writeUps.filter((w) => w.author.uid === author.userId)).toHaveLength(1);
  });
});

describe('during an event', () => {
  it('keeps write-ups written after the freeze from other players until it ends; admins see them', async () => {
    const [early, late, reader] = [await registerPlayer(t.app), await registerPlayer(t.app), await registerPlayer(t.app)];
    const event = { mode: 'event', startsAt: at(0), endsAt: at(3 * HOUR), freezeAt: at(HOUR), allowPracticeAfterEnd: false };
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    await solve(early.client, 'wa-freeze');
    expect((await early.client.put(mineUrl('wa-freeze'), { ...WRITE_UP, title: 'Before' })).statusCode).toBe(201);
    clock.advance(HOUR);
    // Frozen: a write-up published now would tell who solved what since the freeze.
    await solve(late.client, 'wa-freeze');
    expect((await late.client.put(mineUrl('wa-freeze'), { ...WRITE_UP, title: 'After' })).statusCode).toBe(201);
    await solve(reader.client, 'wa-freeze');
    const titles = async (client: TestClient) =>
      (await client.get(writeUpsUrl('wa-freeze'))).json<WriteUpPage>().writeUps.map((w) => w.title);
    expect(await titles(reader.client)).toEqual(['Before']);
    expect((await late.client.get(writeUpsUrl('wa-freeze'))).json<WriteUpPage>().own?.title).toBe('After');
    expect(await titles(admin)).toEqual(['After', 'Before']);

    expect((await admin.patch('/api/admin/settings', { event: { ...event, freezeAt: null } })).statusCode).toBe(200);
    expect(await titles(reader.client)).toEqual(['After', 'Before']);
  });

  it('is closed to players before the start, like every challenge route (403 EVENT_NOT_STARTED)', async () => {
    const player = await registerPlayer(t.app);
    const event = { mode: 'event', startsAt: at(HOUR), endsAt: at(2 * HOUR), freezeAt: null, allowPracticeAfterEnd: false };
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    try {
      for (const response of [
        await player.client.get(writeUpsUrl('wa-freeze')),
        await player.client.put(mineUrl('wa-freeze'), WRITE_UP),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('EVENT_NOT_STARTED');
      }
      expect((await admin.get(writeUpsUrl('wa-freeze'))).statusCode).toBe(200);
    } finally {
      const training = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };
      await admin.patch('/api/admin/settings', { event: training });
    }
  });
});
