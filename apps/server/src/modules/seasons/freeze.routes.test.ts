import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type ChallengeList,
  type CtftimeFeed,
  type LeaderboardPage,
  mergeChallengeList,
  type PublicChallenge,
  type PublicUser,
} from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { optOutOfScoreCheck } from '../../../test/score-check.js';
import { expectScoreInvariant } from '../../../test/score-invariant.js';
import { cookieOf as sessionCookieOf, eventsUntil } from '../../../test/sse.js';

// docs/product.md#freeze: from the freeze time, every number a player sees stays as it was; a player still sees their
// own solves (marked); admins see the live state and can ask for the players' view. Unfreezing reveals everything.

const HOUR = 60 * 60_000;
const clock = createManualClock(new Date('2026-03-01T09:00:00.000Z'));
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
let t: TestApp;
let admin: TestClient;
let baseUrl: string;
type Player = Awaited<ReturnType<typeof registerPlayer>>;
let alice: Player;
let bob: Player;
let carol: Player;
let dave: Player;
let event: Record<string, unknown>;

const DYNAMIC_FLAG = 'CTF{frozen_dynamic}';
const STATIC_FLAG = 'CTF{frozen_static}';
const challengeBody = (id: string, scoring: Record<string, unknown>, flag: string) => ({
  id,
  title: { en: `Freeze ${id}`, fr: `Gel ${id}` },
  description: { en: 'A challenge.', fr: 'Un défi.' },
  category: 'web-server',
  level: 'easy',
  scoring,
  hints: [],
  flags: [{ kind: 'static', matcher: 'exact', content: flag }],
});
// 500 for one solve, 498 for two, 496 for three (linear decay of 2).
const DYNAMIC = { type: 'dynamic', initial: 500, decay: 2, minimum: 100, function: 'linear' };

const cookieOf = (player: Player) => `drapeau.session_token=${player.client.sessionToken()}`;
const board = async (client: TestClient, query = '') => (await client.get(`/api/leaderboard${query}`)).json<LeaderboardPage>();
const entryOf = (page: LeaderboardPage, uid: string) => page.entries.find((e) => e.uid === uid);
const challengeIn = async (client: TestClient, id: string, query = '') =>
  mergeChallengeList((await client.get(`/api/challenges${query}`)).json<ChallengeList>()).find((c) => c.id === id)!;
const detail = async (client: TestClient, id: string, query = '') =>
  (await client.get(`/api/challenges/${id}${query}`)).json<PublicChallenge>();
const profile = async (client: TestClient, uid: string, query = '') =>
  (await client.get(`/api/users/${uid}${query}`)).json<PublicUser>();
const feed = async () => (await t.app.inject({ method: 'GET', url: '/api/scoreboard/ctftime' })).json<CtftimeFeed>();
const feedOf = (f: CtftimeFeed, team: string) => f.standings.find((s) => s.team === team);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  expect((await admin.post('/api/admin/challenges', challengeBody('fz-dyn', DYNAMIC, DYNAMIC_FLAG))).statusCode).toBe(201);
  for (const id of ['fz-static', 'fz-late'])
    expect(
      (await admin.post('/api/admin/challenges', challengeBody(id, { type: 'static', points: 50 }, STATIC_FLAG))).statusCode,
    ).toBe(201);
  [alice, bob, carol, dave] = [
    await registerPlayer(t.app),
    await registerPlayer(t.app),
    await registerPlayer(t.app),
    await registerPlayer(t.app),
  ];
  event = {
    mode: 'event',
    startsAt: at(0),
    endsAt: at(3 * HOUR),
    freezeAt: at(HOUR),
    allowPracticeAfterEnd: false,
  };
  expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
  // Before the freeze: Alice draws first blood on the dynamic challenge, Bob solves the static one.
  clock.advance(10 * 60_000);
  expect((await alice.client.post('/api/challenges/fz-dyn/submit', { flag: DYNAMIC_FLAG })).json().points).toBe(500);
  clock.advance(10 * 60_000);
  expect((await bob.client.post('/api/challenges/fz-static/submit', { flag: STATIC_FLAG })).json().points).toBe(50);
  clock.advance(HOUR);
});
afterAll(async () => t?.close());

describe('the freeze', () => {
  it('holds from the freeze time: GET /api/event says so', async () => {
    expect((await bob.client.get('/api/event')).json()).toMatchObject({ phase: 'running', isFrozen: true });
  });

  it('tells the solver of a flag after the freeze what they see, not the live numbers (no first blood either)', async () => {
    // Dave solves first after the freeze (and draws first blood on fz-late, which nobody solved before the freeze).
    expect((await dave.client.post('/api/challenges/fz-dyn/submit', { flag: DYNAMIC_FLAG })).json()).toMatchObject({
      points: 498,
      score: 498,
    });
    expect((await dave.client.post('/api/challenges/fz-late/submit', { flag: STATIC_FLAG })).json().points).toBe(50);
    // Carol's solve makes the live value 496 for all three solvers; Carol is told 498 (one more solve than at the freeze).
    const received = await eventsUntil(baseUrl, cookieOf(carol), 'solve', async () => {
      const answer = (await carol.client.post('/api/challenges/fz-dyn/submit', { flag: DYNAMIC_FLAG })).json();
      expect(answer).toMatchObject({ status: 'correct', points: 498, score: 498 });
    });
    expect(received.at(-1)?.data).toMatchObject({ userId: carol.userId, points: 498, score: 498, firstBlood: false });
    expect(received.at(-1)?.data).not.toHaveProperty('frozenView');
    await expectScoreInvariant(t);
  });

  it('keeps the leaderboard (page and search) as at the freeze for players', async () => {
    const page = await board(bob.client);
    expect(entryOf(page, carol.userId)).toMatchObject({ score: 0, solvedCount: 0 });
    expect(entryOf(page, alice.userId)).toMatchObject({ score: 500, solvedCount: 1, position: 1 });
    expect(entryOf(page, bob.userId)).toMatchObject({ score: 50, position: 2 });
    const search = await board(bob.client, `?search=${carol.username}`);
    expect(search.entries).toEqual([expect.objectContaining({ uid: carol.userId, score: 0, solvedCount: 0 })]);
    expect((await board(bob.client, `?search=${alice.username}`)).entries[0]).toMatchObject({ score: 500 });
    // Carol's own view of the leaderboard is the frozen one too.
    expect(entryOf(await board(carol.client), carol.userId)).toMatchObject({ score: 0 });
  });

  it('keeps solve counts, dynamic values and first bloods on the list and the detail as at the freeze', async () => {
    for (const view of [await challengeIn(bob.client, 'fz-late'), await detail(bob.client, 'fz-late')])
      expect(view).toMatchObject({ solveCount: 0, firstBlood: null });
    // Dave's own first blood is not told to him during the freeze.
    expect(await detail(dave.client, 'fz-late')).toMatchObject({ solveCount: 1, firstBlood: null, solvedAfterFreeze: true });
    for (const view of [await challengeIn(bob.client, 'fz-dyn'), await detail(bob.client, 'fz-dyn')]) {
      expect(view).toMatchObject({ solveCount: 1, points: 500, solved: false, solvedAfterFreeze: false });
      expect(view.firstBlood).toEqual({ uid: alice.userId, username: alice.username });
    }
    // Alice's own card: her value does not drop either.
    expect(await challengeIn(alice.client, 'fz-dyn')).toMatchObject({ solveCount: 1, points: 500, solved: true });
  });

  it('shows a player their own later solve, marked as after the freeze, at the value they see', async () => {
    for (const view of [await challengeIn(carol.client, 'fz-dyn'), await detail(carol.client, 'fz-dyn')])
      expect(view).toMatchObject({ solved: true, solvedAfterFreeze: true, solveCount: 2, points: 498 });
    const own = await profile(carol.client, carol.userId);
    expect(own).toMatchObject({ score: 498, solvedChallenges: ['fz-dyn'], solvedAfterFreeze: ['fz-dyn'] });
    // Alice's own score stays at the freeze's value: the live 496 would tell her others solved since.
    expect(await profile(alice.client, alice.userId)).toMatchObject({ score: 500, solvedAfterFreeze: [] });
    // So does the session (the navigation bar's score).
    expect((await alice.client.get('/api/auth/session')).json().user).toMatchObject({ score: 500 });
    expect((await carol.client.get('/api/auth/session')).json().user).toMatchObject({
      score: 498,
      solvedAfterFreeze: ['fz-dyn'],
    });
  });

  it('keeps other players’ profiles as at the freeze', async () => {
    expect(await profile(bob.client, carol.userId)).toMatchObject({ score: 0, solvedChallenges: [], badges: [] });
    expect(await profile(bob.client, alice.userId)).toMatchObject({
      score: 500,
      solvedChallenges: ['fz-dyn'],
      firstBloods: ['fz-dyn'],
    });
    expect(await profile(bob.client, carol.userId)).not.toHaveProperty('solvedAfterFreeze');
    expect(await profile(bob.client, dave.userId)).toMatchObject({ score: 0, firstBloods: [] });
    expect(await profile(admin, dave.userId)).toMatchObject({ score: 546, firstBloods: ['fz-late'] });
  });

  it('keeps the CTFtime feed as at the freeze', async () => {
    const f = await feed();
    expect(feedOf(f, carol.username)).toEqual({ pos: expect.any(Number), team: carol.username, score: 0, taskStats: {} });
    expect(feedOf(f, alice.username)).toMatchObject({ pos: 1, score: 500 });
    expect(feedOf(f, alice.username)!.taskStats['Freeze fz-dyn']).toMatchObject({ points: 500 });
  });

  it('shows admins the live state, and the players’ view with ?view=public', async () => {
    expect(entryOf(await board(admin), carol.userId)).toMatchObject({ score: 496, solvedCount: 1 });
    expect(entryOf(await board(admin), alice.userId)).toMatchObject({ score: 496 });
    expect(entryOf(await board(admin, '?view=public'), carol.userId)).toMatchObject({ score: 0 });
    expect((await board(admin, `?search=${carol.username}&view=public`)).entries[0]).toMatchObject({ score: 0 });
    expect(await challengeIn(admin, 'fz-dyn')).toMatchObject({ solveCount: 3, points: 496 });
    expect((await detail(admin, 'fz-late')).firstBlood).toMatchObject({ uid: dave.userId });
    expect(await challengeIn(admin, 'fz-dyn', '?view=public')).toMatchObject({ solveCount: 1, points: 500 });
    expect(await detail(admin, 'fz-dyn', '?view=public')).toMatchObject({ solveCount: 1, points: 500 });
    expect(await profile(admin, carol.userId)).toMatchObject({ score: 496, solvedChallenges: ['fz-dyn'] });
    expect(await profile(admin, carol.userId, '?view=public')).toMatchObject({ score: 0, solvedChallenges: [] });
    // A player cannot ask for the live view.
    expect(entryOf(await board(bob.client, '?view=live'), carol.userId)).toMatchObject({ score: 0 });
  });

  it('sends players no solve or score event of others during the freeze; admins get them', async () => {
    // A second instance on the same database: its streams have heard nothing from before the freeze. On the first one,
    // the standings change of Bob's solve before the freeze may still sit in the one-second merge window
    // (events.routes.ts) and reach a stream opened now, rightly, and indistinguishable from a leak.
    const other = await buildTestApp({ database: t.database, clock });
    // On PGlite (no bus between instances) the first instance never hears of the solve taken by the second one.
    if (!process.env.DATABASE_URL) optOutOfScoreCheck(t, 'a second instance on PGlite solves unheard of');
    try {
      const otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherAdmin = await loginAdmin(other.app);
      const [bobCookie, carolCookie, adminCookie] = [
        await sessionCookieOf(other, bob.email, bob.password),
        await sessionCookieOf(other, carol.email, carol.password),
        `drapeau.session_token=${otherAdmin.sessionToken()}`,
      ];
      const bobStream = eventsUntil(otherUrl, bobCookie, 'announcement', async () => {
        const adminStream = eventsUntil(otherUrl, adminCookie, 'solve', async () => {
          const answer = await other.app.inject({
            method: 'POST',
            url: '/api/challenges/fz-static/submit',
            headers: { cookie: carolCookie },
            payload: { flag: STATIC_FLAG },
          });
          expect(answer.json().status).toBe('correct');
        });
        const adminReceived = await adminStream;
        expect(adminReceived.at(-1)?.data).toMatchObject({ userId: carol.userId, challengeId: 'fz-static' });
        // The marker: Bob's stream is read up to this announcement, sent after the solve.
        const marker = { title: { en: 'Marker', fr: 'Repère' }, body: { en: 'x', fr: 'x' } };
        expect((await otherAdmin.post('/api/admin/announcements', marker)).statusCode).toBe(201);
      });
      const received = await bobStream;
      expect(received.map((e) => e.type)).not.toContain('solve');
      expect(received.filter((e) => e.type === 'leaderboard')).toEqual([]);
      // The instance that took the solve; the first one hears of it through PostgreSQL's bus only (PGlite has none).
      await expectScoreInvariant(other);
    } finally {
      await other.app.close();
    }
  });

  it('reveals everything at once when admins unfreeze, with a live `event` event', async () => {
    const received = await eventsUntil(baseUrl, cookieOf(bob), 'event', async () => {
      expect((await admin.patch('/api/admin/settings', { event: { ...event, freezeAt: null } })).statusCode).toBe(200);
    });
    expect(received.at(-1)?.data).toMatchObject({ freezeAt: null });
    expect((await bob.client.get('/api/event')).json()).toMatchObject({ isFrozen: false });
    expect(entryOf(await board(bob.client), carol.userId)).toMatchObject({ score: 546, solvedCount: 2 });
    expect((await board(bob.client, `?search=${carol.username}`)).entries[0]).toMatchObject({ score: 546 });
    expect(await challengeIn(bob.client, 'fz-dyn')).toMatchObject({ solveCount: 3, points: 496 });
    expect(await detail(bob.client, 'fz-dyn')).toMatchObject({ solveCount: 3, points: 496 });
    expect((await detail(bob.client, 'fz-late')).firstBlood).toMatchObject({ uid: dave.userId });
    expect(await profile(bob.client, carol.userId)).toMatchObject({ score: 546 });
    expect(await profile(alice.client, alice.userId)).toMatchObject({ score: 496 });
    expect(feedOf(await feed(), carol.username)).toMatchObject({ score: 546 });
    expect(await challengeIn(carol.client, 'fz-dyn')).toMatchObject({ solvedAfterFreeze: false });
    await expectScoreInvariant(t);
  });

  it('ends at the end of the event when admins did not unfreeze', async () => {
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    expect(entryOf(await board(bob.client), carol.userId)).toMatchObject({ score: 0 });
    clock.advance(2 * HOUR);
    expect((await bob.client.get('/api/event')).json()).toMatchObject({ phase: 'ended', isFrozen: false });
    expect(entryOf(await board(bob.client), carol.userId)).toMatchObject({ score: 546 });
  });
});
