import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CtftimeFeed, LeaderboardPage, PublicUser, ScoreGraph } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { expectScoreInvariant } from '../../../test/score-invariant.js';
import { eventsUntil } from '../../../test/sse.js';

// docs/product.md#first-blood: the first solver of each challenge gets the bonus admins set, on top of its points,
// wherever scores are; a change of the bonus is retroactive; the next solver inherits it from a deleted first solver;
// the freeze hides a first blood made after it, and its bonus, from the others.

type Player = Awaited<ReturnType<typeof registerPlayer>>;
const HOUR = 60 * 60_000;
const FLAG = 'CTF{first_blood_bonus}';
const DYNAMIC = { type: 'dynamic', initial: 500, decay: 2, minimum: 100, function: 'linear' };
const challengeBody = (id: string, scoring: Record<string, unknown>) => ({
  id,
  title: { en: `Blood ${id}`, fr: `Sang ${id}` },
  description: { en: 'A challenge.', fr: 'Un défi.' },
  category: 'web-server',
  level: 'easy',
  scoring,
  hints: [],
  flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
});
const TRAINING = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };

const cookieOf = (player: Player) => `drapeau.session_token=${player.client.sessionToken()}`;
const submit = (player: Player, id: string) => player.client.post(`/api/challenges/${id}/submit`, { flag: FLAG });
const scoreOn = async (client: TestClient, uid: string, query = '') =>
  (await client.get(`/api/leaderboard${query}`)).json<LeaderboardPage>().entries.find((e) => e.uid === uid)?.score;
const profileScore = async (client: TestClient, uid: string) => (await client.get(`/api/users/${uid}`)).json<PublicUser>().score;
const sessionScore = async (player: Player) => (await player.client.get('/api/auth/session')).json().user.score as number;
const graphOf = async (client: TestClient) => (await client.get('/api/leaderboard/graph')).json<ScoreGraph>();
const lineOf = (graph: ScoreGraph, uid: string) => graph.series.find((s) => s.uid === uid);

async function setup(clock = createManualClock(new Date('2026-03-01T09:00:00.000Z'))) {
  const t = await buildTestApp({ clock });
  const admin = await loginAdmin(t.app);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const players = [await registerPlayer(t.app), await registerPlayer(t.app), await registerPlayer(t.app)] as const;
  // The feed outside an event is answered once published (docs/product.md#ctftime-feed).
  expect((await admin.patch('/api/admin/settings', { ctftimeFeedPublished: true })).statusCode).toBe(200);
  const feed = async () => (await t.app.inject({ method: 'GET', url: '/api/scoreboard/ctftime' })).json<CtftimeFeed>();
  const feedOf = async (player: Player) => (await feed()).standings.find((s) => s.team === player.username);
  return { t, admin, baseUrl, players, clock, feedOf };
}

describe('the first-blood bonus setting', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => ({ t, admin } = await setup()));
  afterAll(async () => t?.close());

  it('is off by default, and said by GET /api/event', async () => {
    expect((await admin.get('/api/event')).json()).toMatchObject({ firstBloodBonus: 0 });
    expect((await admin.get('/api/admin/settings')).json().event).toMatchObject({ firstBloodBonus: 0 });
  });

  it('refuses what is not a whole number of points from 0 to 1000 (400 VALIDATION_FAILED), and keeps the old value', async () => {
    for (const firstBloodBonus of [-1, 1001, 2.5, '10', null]) {
      const response = await admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus } });
      expect(response.statusCode, String(firstBloodBonus)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 1000 } })).statusCode).toBe(200);
    expect((await admin.get('/api/event')).json()).toMatchObject({ firstBloodBonus: 1000 });
  });

  it('is for admins only', async () => {
    const player = await registerPlayer(t.app);
    const response = await player.client.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 5 } });
    expect(response.statusCode).toBe(403);
    expect((await admin.get('/api/event')).json()).toMatchObject({ firstBloodBonus: 1000 });
  });
});

describe('first-blood bonus', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  beforeAll(async () => {
    s = await setup();
    [alice, bob, carol] = s.players;
    expect(
      (await s.admin.post('/api/admin/challenges', challengeBody('fb-static', { type: 'static', points: 100 }))).statusCode,
    ).toBe(201);
    expect((await s.admin.post('/api/admin/challenges', challengeBody('fb-dyn', DYNAMIC))).statusCode).toBe(201);
    expect((await s.admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 50 } })).statusCode).toBe(200);
  });
  afterAll(async () => s?.t.close());

  it('goes to the first solver, on top of the points: the answer, the live event and the score say so', async () => {
    const received = await eventsUntil(s.baseUrl, cookieOf(carol), 'solve', async () => {
      expect((await submit(alice, 'fb-static')).json()).toMatchObject({ status: 'correct', points: 150, score: 150 });
    });
    expect(received.at(-1)?.data).toMatchObject({ userId: alice.userId, points: 150, score: 150, firstBlood: true });
    await expectScoreInvariant(s.t);
  });

  it('not to the next solvers', async () => {
    expect((await submit(bob, 'fb-static')).json()).toMatchObject({ status: 'correct', points: 100, score: 100 });
    await expectScoreInvariant(s.t);
  });

  it('shows wherever scores are: leaderboard, profiles, the session, the graph and the CTFtime feed', async () => {
    expect(await scoreOn(carol.client, alice.userId)).toBe(150);
    expect(await scoreOn(carol.client, bob.userId)).toBe(100);
    expect(await profileScore(carol.client, alice.userId)).toBe(150);
    expect(await sessionScore(alice)).toBe(150);
    const graph = await graphOf(carol.client);
    expect(lineOf(graph, alice.userId)?.points.map((p) => p.score)).toEqual([0, 150]);
    expect(lineOf(graph, bob.userId)?.points.map((p) => p.score)).toEqual([0, 100]);
    expect(await s.feedOf(alice)).toMatchObject({ score: 150, taskStats: { 'Blood fb-static': { points: 150 } } });
    expect(await s.feedOf(bob)).toMatchObject({ score: 100, taskStats: { 'Blood fb-static': { points: 100 } } });
  });

  it('stays with the first solver of a dynamic challenge while its value decays for everyone', async () => {
    expect((await submit(bob, 'fb-dyn')).json()).toMatchObject({ points: 550, score: 650 });
    expect((await submit(alice, 'fb-dyn')).json()).toMatchObject({ points: 498, score: 648 });
    expect((await submit(carol, 'fb-dyn')).json()).toMatchObject({ points: 496, score: 496 });
    // 496 for each of the three solvers now, and Bob's 50 on top (once the last solve's notification is heard).
    await expect.poll(() => scoreOn(carol.client, bob.userId), { timeout: 15_000 }).toBe(646);
    expect(await scoreOn(carol.client, alice.userId)).toBe(646);
    expect(await s.feedOf(bob)).toMatchObject({ taskStats: { 'Blood fb-dyn': { points: 546 } } });
    await expectScoreInvariant(s.t);
  });

  it('follows a change of the bonus retroactively, everywhere', async () => {
    expect((await s.admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 20 } })).statusCode).toBe(200);
    await expectScoreInvariant(s.t);
    // Alice: 120 + 496; Bob: 100 + 516; Carol: 496.
    expect(await scoreOn(carol.client, alice.userId)).toBe(616);
    expect(await scoreOn(carol.client, bob.userId)).toBe(616);
    expect(await profileScore(carol.client, bob.userId)).toBe(616);
    expect(await sessionScore(alice)).toBe(616);
    expect(lineOf(await graphOf(carol.client), alice.userId)?.score).toBe(616);
    expect(await s.feedOf(alice)).toMatchObject({ score: 616, taskStats: { 'Blood fb-static': { points: 120 } } });
    expect((await s.admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 0 } })).statusCode).toBe(200);
    expect(await scoreOn(carol.client, alice.userId)).toBe(596);
    await expectScoreInvariant(s.t);
    expect((await s.admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 20 } })).statusCode).toBe(200);
    await expectScoreInvariant(s.t);
  });
});

describe('first-blood bonus under concurrent first solves', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup();
    expect((await s.admin.post('/api/admin/challenges', challengeBody('race', { type: 'static', points: 100 }))).statusCode).toBe(
      201,
    );
    expect((await s.admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 50 } })).statusCode).toBe(200);
  });
  afterAll(async () => s?.t.close());

  it('goes to exactly one of several solvers sending the flag at the same instant', async () => {
    const racers = [...s.players, await registerPlayer(s.t.app), await registerPlayer(s.t.app), await registerPlayer(s.t.app)];
    const answers = await Promise.all(racers.map(async (player) => (await submit(player, 'race')).json()));
    expect(answers.map((answer) => answer.points).sort()).toEqual([100, 100, 100, 100, 100, 150]);
    await expectScoreInvariant(s.t);
  });
});

describe('first-blood bonus when the first solver is deleted', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  beforeAll(async () => {
    s = await setup();
    [alice, bob, carol] = s.players;
    for (const id of ['del-a', 'del-b'])
      expect((await s.admin.post('/api/admin/challenges', challengeBody(id, { type: 'static', points: 100 }))).statusCode).toBe(
        201,
      );
    expect((await s.admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 20 } })).statusCode).toBe(200);
    for (const [player, id] of [
      [alice, 'del-a'],
      [bob, 'del-a'],
      [carol, 'del-a'],
      [bob, 'del-b'],
      [alice, 'del-b'],
    ] as const)
      expect((await submit(player, id)).statusCode).toBe(200);
  });
  afterAll(async () => s?.t.close());

  it('passes to the next solver, as the first-blood marker does', async () => {
    expect(await scoreOn(carol.client, bob.userId)).toBe(100 + 120);
    expect((await s.admin.delete(`/api/admin/users/${alice.userId}`)).statusCode).toBe(200);
    await expectScoreInvariant(s.t);
    // Bob is now the first solver of del-a too: 120 + 120. The standings follow once the deletion's notification is
    // heard (on PostgreSQL it comes back through LISTEN/NOTIFY): polled, not slept.
    await expect.poll(() => scoreOn(carol.client, bob.userId), { timeout: 15_000 }).toBe(240);
    await expect
      .poll(async () => (await carol.client.get('/api/challenges/del-a')).json().firstBlood?.uid, { timeout: 15_000 })
      .toBe(bob.userId);
    expect(await s.feedOf(bob)).toMatchObject({ score: 240, taskStats: { 'Blood del-a': { points: 120 } } });
    expect(await scoreOn(carol.client, carol.userId)).toBe(100);
    expect((await s.admin.delete(`/api/admin/users/${bob.userId}`)).statusCode).toBe(200);
    await expectScoreInvariant(s.t);
    await expect.poll(() => scoreOn(s.admin, carol.userId), { timeout: 15_000 }).toBe(120);
    expect(await sessionScore(carol)).toBe(120);
  });
});

describe('first-blood bonus and the freeze', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let event: Record<string, unknown>;
  beforeAll(async () => {
    s = await setup();
    [alice, bob, carol] = s.players;
    for (const id of ['fz-early', 'fz-late'])
      expect((await s.admin.post('/api/admin/challenges', challengeBody(id, { type: 'static', points: 100 }))).statusCode).toBe(
        201,
      );
    const at = (offsetMs: number) => new Date(s.clock.now().getTime() + offsetMs).toISOString();
    event = {
      mode: 'event',
      startsAt: at(0),
      endsAt: at(3 * HOUR),
      freezeAt: at(HOUR),
      allowPracticeAfterEnd: false,
      firstBloodBonus: 30,
    };
    expect((await s.admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    s.clock.advance(10 * 60_000);
    expect((await submit(alice, 'fz-early')).json()).toMatchObject({ points: 130 });
    s.clock.advance(2 * HOUR);
  });
  afterAll(async () => s?.t.close());

  it('does not tell the solver of a first blood after the freeze, nor the bonus (their own view)', async () => {
    const received = await eventsUntil(s.baseUrl, cookieOf(bob), 'solve', async () => {
      expect((await submit(bob, 'fz-late')).json()).toMatchObject({ status: 'correct', points: 100, score: 100 });
    });
    expect(received.at(-1)?.data).toMatchObject({ userId: bob.userId, points: 100, score: 100, firstBlood: false });
    expect(await sessionScore(bob)).toBe(100);
    expect(await profileScore(bob.client, bob.userId)).toBe(100);
    await expectScoreInvariant(s.t);
  });

  it('shows the others the bonus of a first blood made before the freeze, and nothing of one made after', async () => {
    expect(await scoreOn(carol.client, alice.userId)).toBe(130);
    expect(await scoreOn(carol.client, bob.userId)).toBe(0);
    expect(await profileScore(carol.client, alice.userId)).toBe(130);
    expect(await profileScore(carol.client, bob.userId)).toBe(0);
    const graph = await graphOf(carol.client);
    expect(lineOf(graph, alice.userId)?.points.map((p) => p.score)).toEqual([0, 130]);
    expect(lineOf(graph, bob.userId)?.score ?? 0).toBe(0);
    expect(await s.feedOf(alice)).toMatchObject({ score: 130, taskStats: { 'Blood fz-early': { points: 130 } } });
    expect(await s.feedOf(bob)).toMatchObject({ score: 0, taskStats: {} });
  });

  it('shows admins the live scores, bonus included', async () => {
    expect(await scoreOn(s.admin, bob.userId)).toBe(130);
    expect(await scoreOn(s.admin, bob.userId, '?view=public')).toBe(0);
    expect(lineOf(await graphOf(s.admin), bob.userId)?.score).toBe(130);
  });

  it('applies a change of the bonus at once, to the frozen standings too', async () => {
    expect((await s.admin.patch('/api/admin/settings', { event: { ...event, firstBloodBonus: 10 } })).statusCode).toBe(200);
    await expectScoreInvariant(s.t);
    expect(await scoreOn(carol.client, alice.userId)).toBe(110);
    expect(await s.feedOf(alice)).toMatchObject({ score: 110, taskStats: { 'Blood fz-early': { points: 110 } } });
    expect(await scoreOn(carol.client, bob.userId)).toBe(0);
    expect(await sessionScore(bob)).toBe(100);
  });

  it('reveals the hidden first blood and its bonus when admins unfreeze', async () => {
    expect(
      (await s.admin.patch('/api/admin/settings', { event: { ...event, firstBloodBonus: 10, freezeAt: null } })).statusCode,
    ).toBe(200);
    expect(await scoreOn(carol.client, bob.userId)).toBe(110);
    expect(await sessionScore(bob)).toBe(110);
    expect(await s.feedOf(bob)).toMatchObject({ score: 110, taskStats: { 'Blood fz-late': { points: 110 } } });
    expect(lineOf(await graphOf(carol.client), bob.userId)?.score).toBe(110);
    await expectScoreInvariant(s.t);
  });
});
