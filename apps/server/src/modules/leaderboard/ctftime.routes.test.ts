import { readFile } from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CtftimeFeedSchema } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { PACK_CHALLENGE_COUNT } from '../../../test/pack.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

/**
 * docs/product.md#ctftime-feed. The fixture is the "Maximum scoreboard (Jeopardy)" example of CTFtime's documentation
 * (https://ctftime.org/json-scoreboard-feed), copied as published.
 */
const FIXTURE = new URL('../../../test/fixtures/ctftime-feed.json', import.meta.url);

const clock = createManualClock(new Date('2026-03-01T09:00:00.000Z'));
let t: TestApp;
let admin: TestClient;
const solve = (client: TestClient, id: string) =>
  client.post(`/api/challenges/${id}/submit`, { flag: deriveFlag(t.config.instanceSecret!, id) });
const feed = () => t.app.inject({ method: 'GET', url: '/api/scoreboard/ctftime' });

type Feed = ReturnType<typeof CtftimeFeedSchema.parse>;

/** What CTFtime's documentation requires beyond the types: each team's taskStats keys are among `tasks`. */
function expectCtftimeShape(value: unknown): Feed {
  const parsed = CtftimeFeedSchema.parse(value);
  for (const standing of parsed.standings) {
    for (const task of Object.keys(standing.taskStats)) expect(parsed.tasks).toContain(task);
    const times = Object.values(standing.taskStats).map((stat) => stat.time);
    if (times.length > 0) expect(standing.lastAccept).toBe(Math.max(...times));
  }
  return parsed;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/scoreboard/ctftime', () => {
  it('the shape check accepts CTFtime’s own example, and refuses it when a field is wrong', async () => {
    const example: unknown = JSON.parse(await readFile(FIXTURE, 'utf8'));
    expectCtftimeShape(example);
    const broken = structuredClone(example) as Feed;
    broken.standings[0]!.taskStats['PPC 100']!.time = 1.5;
    expect(() => CtftimeFeedSchema.parse(broken)).toThrow();
  });

  it('answers 404 in training, naming nobody, until an admin publishes it (audited); then it is public', async () => {
    await registerPlayer(t.app, { username: 'feed_trainee' });
    const hidden = await feed();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('CTFTIME_FEED_NOT_PUBLISHED');
    expect(hidden.body).not.toContain('feed_trainee');
    expect(hidden.headers['cache-control']).toBe('no-store');
    const player = await registerPlayer(t.app);
    expect((await player.client.patch('/api/admin/settings', { ctftimeFeedPublished: true })).statusCode).toBe(403);
    expect((await feed()).statusCode).toBe(404);

    const published = await admin.patch('/api/admin/settings', { ctftimeFeedPublished: true });
    expect(published.json()).toMatchObject({ ctftimeFeedPublished: true });
    const log = (await admin.get('/api/admin/audit')).json<{ entries: { action: string; details: unknown }[] }>();
    expect(log.entries[0]).toMatchObject({
      action: 'settings.update',
      details: { ctftimeFeedPublished: { from: false, to: true } },
    });
    const shown = await feed();
    expect(shown.statusCode).toBe(200);
    expect(expectCtftimeShape(shown.json()).standings.map((s) => s.team)).toContain('feed_trainee');
  });

  it('is public, in the same shape as the example, with positions equal to the leaderboard’s', async () => {
    const alice = await registerPlayer(t.app, { username: 'feed_alice' });
    const bob = await registerPlayer(t.app, { username: 'feed_bob' });
    await registerPlayer(t.app, { username: 'feed_carol' });
    await solve(bob.client, 'caesar-cipher'); // 10
    await solve(alice.client, 'xor-encryption'); // 30
    await solve(alice.client, 'dom-manipulation'); // 10

    const response = await feed();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const body = expectCtftimeShape(response.json());
    expect(Object.keys(response.json()).sort()).toEqual(['standings', 'tasks']);
    expect(body.tasks).toHaveLength(PACK_CHALLENGE_COUNT);
    expect(body.tasks).toContain('XOR Encryption');

    const board = (await alice.client.get('/api/leaderboard')).json<{
      entries: { position: number; username: string; score: number }[];
    }>();
    expect(body.standings.map((s) => [s.pos, s.team, s.score])).toEqual(
      board.entries.map((e) => [e.position, e.username, e.score]),
    );

    const first = body.standings.find((s) => s.team === 'feed_alice')!;
    expect(first).toMatchObject({ pos: 1, score: 40 });
    expect(first.taskStats['XOR Encryption']).toEqual({ points: 30, time: expect.any(Number) });
    expect(first.taskStats['DOM Manipulation']!.points).toBe(10);
    // UNIX seconds, not milliseconds: the server's clock when the flag was sent (solves are stamped by lib/clock.ts).
    expect(Math.abs(first.lastAccept! - clock.now().getTime() / 1000)).toBeLessThan(86_400);
    const carol = body.standings.find((s) => s.team === 'feed_carol')!;
    expect(carol.taskStats).toEqual({});
    expect(carol).not.toHaveProperty('lastAccept');
    // Never an email, a flag or an id.
    expect(response.body).not.toContain('@example.com');
    expect(response.body).not.toContain(alice.userId);
    expect(response.body).not.toMatch(/CTF\{/);
  });

  it('answers the same bytes until something changes, and follows a solve', async () => {
    const a = (await feed()).body;
    expect((await feed()).body).toBe(a);
    const dave = await registerPlayer(t.app, { username: 'feed_dave' });
    await solve(dave.client, 'kernel-exploit'); // 65
    const after = expectCtftimeShape((await feed()).json());
    expect(after.standings[0]).toMatchObject({ pos: 1, team: 'feed_dave', score: 65 });
  });

  it('leaves out hidden challenges and, unless staff are ranked, admins', async () => {
    await solve(admin, 'caesar-cipher');
    expect((await admin.patch('/api/admin/settings', { rankStaff: true })).statusCode).toBe(200);
    expect(expectCtftimeShape((await feed()).json()).standings.map((s) => s.team)).toContain('admin');
    expect((await admin.patch('/api/admin/challenges/xor-encryption', { state: 'hidden' })).statusCode).toBe(200);
    expect((await admin.patch('/api/admin/settings', { rankStaff: false })).statusCode).toBe(200);
    const body = expectCtftimeShape((await feed()).json());
    expect(body.tasks).not.toContain('XOR Encryption');
    expect(body.tasks).toHaveLength(PACK_CHALLENGE_COUNT - 1);
    expect(body.standings.map((s) => s.team)).not.toContain('admin');
    const alice = body.standings.find((s) => s.team === 'feed_alice')!;
    expect(Object.keys(alice.taskStats)).toEqual(['DOM Manipulation']);
    const board = (await admin.get('/api/leaderboard')).json<{ entries: { position: number; username: string }[] }>();
    expect(body.standings.map((s) => [s.pos, s.team])).toEqual(board.entries.map((e) => [e.position, e.username]));
  });

  it('names no challenge before an event starts, and all of them once it has, with no change made', async () => {
    const startsAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const endsAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const event = { mode: 'event', startsAt, endsAt, freezeAt: null, allowPracticeAfterEnd: false };
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    const before = expectCtftimeShape((await feed()).json());
    expect(before.tasks).toEqual([]);
    expect(before.standings.every((s) => Object.keys(s.taskStats).length === 0)).toBe(true);
    clock.advance(60_000);
    expect(expectCtftimeShape((await feed()).json()).tasks).toHaveLength(PACK_CHALLENGE_COUNT - 1);
  });

  it('unpublished: 404 before the start, public from the start and after the end, 404 again back in training', async () => {
    expect((await admin.patch('/api/admin/settings', { ctftimeFeedPublished: false })).statusCode).toBe(200);
    const startsAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const endsAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const event = { mode: 'event', startsAt, endsAt, freezeAt: null, allowPracticeAfterEnd: false };
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    expect((await feed()).json().error.code).toBe('CTFTIME_FEED_NOT_PUBLISHED');

    clock.advance(60_000);
    const eve = await registerPlayer(t.app, { username: 'feed_eve' });
    expect((await solve(eve.client, 'caesar-cipher')).json()).toMatchObject({ status: 'correct' });
    const running = await feed();
    expect(running.statusCode).toBe(200);
    // docs/product.md#events: the event's board counts only what was solved during it (dave's 65 were before).
    const standings = expectCtftimeShape(running.json()).standings;
    expect(standings[0]).toMatchObject({ pos: 1, team: 'feed_eve' });
    expect(standings[0]!.score).toBeGreaterThan(0);
    expect(standings.slice(1).map((s) => s.score)).toEqual(standings.slice(1).map(() => 0));

    // After the end: the event's final standings, which CTFtime reads, for as long as that event stays set.
    clock.advance(3_600_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/event' })).json()).toMatchObject({ phase: 'ended' });
    const ended = await feed();
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe(running.body);

    const training = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };
    expect((await admin.patch('/api/admin/settings', { event: training })).statusCode).toBe(200);
    const back = await feed();
    expect(back.statusCode).toBe(404);
    expect(back.body).not.toContain('feed_eve');
  });

  it('during a freeze, unpublished, answers the standings of the freeze time', async () => {
    const startsAt = new Date(clock.now().getTime() - 60_000).toISOString();
    const freezeAt = clock.now().toISOString();
    const endsAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const event = { mode: 'event', startsAt, endsAt, freezeAt, allowPracticeAfterEnd: false };
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    const late = await registerPlayer(t.app, { username: 'feed_late' });
    clock.advance(1_000);
    expect((await solve(late.client, 'caesar-cipher')).statusCode).toBe(200);
    const frozen = await feed();
    expect(frozen.statusCode).toBe(200);
    const standing = expectCtftimeShape(frozen.json()).standings.find((s) => s.team === 'feed_late')!;
    expect(standing).toMatchObject({ score: 0, taskStats: {} });
    // Admins see the solve: it was scored, only the feed leaves it out.
    const board = (await admin.get('/api/leaderboard')).json<{ entries: { username: string; score: number }[] }>();
    expect(board.entries.find((e) => e.username === 'feed_late')!.score).toBeGreaterThan(0);
  });
});
