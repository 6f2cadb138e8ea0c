import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLogs, solves, submissions } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { nextEvent } from '../../../test/sse.js';
import { PACK_CHALLENGE_COUNT } from '../../../test/pack.js';
import { expectScoreInvariant } from '../../../test/score-invariant.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

// docs/product.md#events: training by default; an event's start, end and practice, on the server's (test) clock.
const HOUR = 60 * 60_000;
const clock = createManualClock(new Date('2026-03-01T09:00:00.000Z'));
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

let t: TestApp;
let admin: TestClient;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

const setEvent = (event: Record<string, unknown>) => admin.patch('/api/admin/settings', { event });
/** An event from `startMs` to `endMs` after now. */
const eventFrom = (startMs: number, endMs: number, extra: Record<string, unknown> = {}) => ({
  mode: 'event',
  name: { en: 'Spring cup', fr: 'Coupe de printemps' },
  startsAt: at(startMs),
  endsAt: at(endMs),
  freezeAt: null,
  allowPracticeAfterEnd: false,
  firstBloodBonus: 0,
  ...extra,
});
const training = {
  mode: 'training',
  name: { en: '', fr: '' },
  startsAt: null,
  endsAt: null,
  freezeAt: null,
  allowPracticeAfterEnd: false,
  firstBloodBonus: 0,
};

/** Every players' challenge route, with what a player would send. */
const challengeRoutes = (client: TestClient) => [
  () => client.get('/api/challenges'),
  () => client.get('/api/challenges/caesar-cipher'),
  () => client.get('/api/challenges/caesar-cipher/file'),
  () => client.post('/api/challenges/dom-manipulation/lab', { action: 'submit', input: { code: 'x' } }),
  () => client.post('/api/challenges/caesar-cipher/submit', { flag: flagOf('caesar-cipher') }),
];

describe('GET /api/event', () => {
  it('is public and starts in training mode, with the server’s clock (not the browser’s)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/event' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...training,
      phase: 'training',
      isFrozen: false,
      serverTime: clock.now().toISOString(),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/stats' })).json().isEventMode).toBe(false);
  });

  it('is documented in the OpenAPI document, with the CTFtime feed', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/event/', '/api/scoreboard/ctftime']));
  });
});

describe('setting the event (PATCH /api/admin/settings { event })', () => {
  it('is for admins only: anonymous 401, player 403, and nothing changes', async () => {
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { event: eventFrom(HOUR, 2 * HOUR) },
    });
    expect(anonymous.statusCode).toBe(401);
    const { client } = await registerPlayer(t.app);
    const player = await client.patch('/api/admin/settings', { event: eventFrom(HOUR, 2 * HOUR) });
    expect(player.statusCode).toBe(403);
    expect((await client.get('/api/event')).json().phase).toBe('training');
  });

  it('refuses impossible times with 400 VALIDATION_FAILED: no start, end before start, freeze outside, bad dates', async () => {
    for (const event of [
      { ...eventFrom(HOUR, 2 * HOUR), startsAt: null },
      { ...eventFrom(HOUR, 2 * HOUR), endsAt: null },
      eventFrom(2 * HOUR, HOUR),
      eventFrom(HOUR, HOUR),
      eventFrom(HOUR, 2 * HOUR, { freezeAt: at(3 * HOUR) }),
      eventFrom(HOUR, 2 * HOUR, { freezeAt: at(0) }),
      eventFrom(HOUR, 2 * HOUR, { startsAt: 'tomorrow' }),
      { ...eventFrom(HOUR, 2 * HOUR), extra: 1 },
      eventFrom(HOUR, 2 * HOUR, { name: { en: 'x'.repeat(81), fr: '' } }),
      eventFrom(HOUR, 2 * HOUR, { name: { en: 'Cup' } }),
      { mode: 'party', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false },
    ]) {
      const response = await setEvent(event);
      expect(response.statusCode, JSON.stringify(event)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.get('/api/event')).json().phase).toBe('training');
  });

  it('is audited and pushed live to open pages as an `event` live event', async () => {
    const { client } = await registerPlayer(t.app);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const event = eventFrom(HOUR, 3 * HOUR, { freezeAt: at(2 * HOUR) });
    const received = await nextEvent(baseUrl, `drapeau.session_token=${client.sessionToken()}`, 'event', async () => {
      expect((await setEvent(event)).statusCode).toBe(200);
    });
    expect(received).toEqual(event);
    const audit = (await t.database.db.select().from(auditLogs)).filter((row) => row.action === 'settings.update');
    expect(audit.at(-1)?.details).toEqual({ event: { from: training, to: event } });
    expect((await t.app.inject({ method: 'GET', url: '/api/stats' })).json().isEventMode).toBe(true);
  });
});

describe('before the start', () => {
  it('shows the countdown’s times and phase to anyone', async () => {
    const response = (await t.app.inject({ method: 'GET', url: '/api/event' })).json();
    expect(response).toMatchObject({ mode: 'event', phase: 'before', serverTime: clock.now().toISOString() });
    expect(Date.parse(response.startsAt) - clock.now().getTime()).toBe(HOUR);
  });

  it('refuses players every challenge route with 403 EVENT_NOT_STARTED, and records no solve', async () => {
    const { client, userId } = await registerPlayer(t.app);
    for (const call of challengeRoutes(client)) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('EVENT_NOT_STARTED');
    }
    expect(await t.database.db.select().from(solves).where(eq(solves.userId, userId))).toEqual([]);
    expect(await t.database.db.select().from(submissions).where(eq(submissions.userId, userId))).toEqual([]);
    // Still 401 for a visitor: the gate never runs before the route's own guard.
    expect((await t.app.inject({ method: 'GET', url: '/api/challenges' })).statusCode).toBe(401);
  });

  it('lets admins see everything', async () => {
    expect((await admin.get('/api/challenges')).json().challenges).toHaveLength(PACK_CHALLENGE_COUNT);
    expect((await admin.get('/api/challenges/caesar-cipher')).statusCode).toBe(200);
    expect((await admin.get('/api/challenges/caesar-cipher/file')).statusCode).toBe(200);
  });
});

describe('during the event', () => {
  it('opens everything to players at the start, with no change made: the clock alone moves the phase', async () => {
    clock.advance(HOUR);
    expect((await t.app.inject({ method: 'GET', url: '/api/event' })).json().phase).toBe('running');
    const { client } = await registerPlayer(t.app);
    for (const call of challengeRoutes(client)) expect((await call()).statusCode).toBe(200);
  });
});

describe('after the end', () => {
  let player: Awaited<ReturnType<typeof registerPlayer>>;
  beforeAll(async () => {
    player = await registerPlayer(t.app);
    expect(
      (await player.client.post('/api/challenges/caesar-cipher/submit', { flag: flagOf('caesar-cipher') })).json().status,
    ).toBe('correct');
    clock.advance(2 * HOUR);
  });

  it('refuses flags with 403 EVENT_ENDED, and the score stays', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/event' })).json().phase).toBe('ended');
    const before = (await player.client.get(`/api/users/${player.userId}`)).json().score;
    const response = await player.client.post('/api/challenges/xor-encryption/submit', { flag: flagOf('xor-encryption') });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('EVENT_ENDED');
    expect((await player.client.get(`/api/users/${player.userId}`)).json().score).toBe(before);
    // The challenges stay readable.
    expect((await player.client.get('/api/challenges')).statusCode).toBe(200);
    // Admins may still test their challenges.
    expect((await admin.post('/api/challenges/xor-encryption/submit', { flag: flagOf('xor-encryption') })).statusCode).toBe(200);
  });

  it('accepts a correct flag as practice when admins allow it: no points, no solve, not on the leaderboard', async () => {
    const current = (await admin.get('/api/admin/settings')).json().event;
    expect((await setEvent({ ...current, allowPracticeAfterEnd: true })).statusCode).toBe(200);
    const before = (await player.client.get(`/api/users/${player.userId}`)).json();
    const response = await player.client.post('/api/challenges/xor-encryption/submit', { flag: flagOf('xor-encryption') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, status: 'practice', points: 0 });
    const after = (await player.client.get(`/api/users/${player.userId}`)).json();
    expect(after.score).toBe(before.score);
    expect(after.solvedChallenges).toEqual(before.solvedChallenges);
    const rows = await t.database.db.select().from(solves).where(eq(solves.userId, player.userId));
    expect(rows.map((row) => row.challengeId)).toEqual(['caesar-cipher']);
    // The score invariant (docs/decisions/007-scoring.md): the ledger equals a recomputation from the rows.
    await expectScoreInvariant(t);
    const board = (await player.client.get(`/api/leaderboard?search=${player.username}`)).json();
    expect(board.entries[0]).toMatchObject({ score: before.score, solvedCount: 1 });
    // A wrong flag is still wrong, and a solved challenge still already solved.
    expect((await player.client.post('/api/challenges/xor-encryption/submit', { flag: 'CTF{nope}' })).json().status).toBe(
      'incorrect',
    );
    expect(
      (await player.client.post('/api/challenges/caesar-cipher/submit', { flag: flagOf('caesar-cipher') })).json().status,
    ).toBe('already_solved');
  });

  it('goes back to training (today’s behaviour) when admins say so', async () => {
    expect((await setEvent(training)).statusCode).toBe(200);
    const response = await player.client.post('/api/challenges/xor-encryption/submit', { flag: flagOf('xor-encryption') });
    expect(response.json()).toMatchObject({ status: 'correct', points: 30 });
  });
});
