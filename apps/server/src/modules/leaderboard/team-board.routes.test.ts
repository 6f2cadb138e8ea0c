import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type ChallengeList,
  type CtftimeFeed,
  type LeaderboardPage,
  mergeChallengeList,
  type PublicTeam,
  type ScoreGraph,
} from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { expectTeamScoreInvariant } from '../../../test/score-invariant.js';
import { eventsUntil } from '../../../test/sse.js';

// docs/product.md#teams, #freeze, #score-graph, #first-blood, #ctftime-feed: in team mode every public standings surface
// is by team, and the freeze holds them as at the freeze time; a team's members still see their own team's later solves.

const MINUTE = 60_000;
const FLAG = 'CTF{team_board}';
type Player = Awaited<ReturnType<typeof registerPlayer>>;
const challengeBody = (id: string, scoring: Record<string, unknown>) => ({
  id,
  title: { en: `Board ${id}`, fr: `Tableau ${id}` },
  description: { en: 'A challenge.', fr: 'Un défi.' },
  category: 'web-server',
  level: 'easy',
  scoring,
  hints: [],
  flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
});

const clock = createManualClock(new Date('2026-03-01T09:00:00.000Z'));
const T0 = clock.now().getTime();
const iso = (ms: number) => new Date(ms).toISOString();
let t: TestApp;
let admin: TestClient;
let baseUrl: string;
let alice: Player, bob: Player, carol: Player, dave: Player, erin: Player;
const team = { red: '', blue: '', green: '' };
let event: Record<string, unknown>;

const cookieOf = (player: Player) => `drapeau.session_token=${player.client.sessionToken()}`;
const submit = (player: Player, id: string) => player.client.post(`/api/challenges/${id}/submit`, { flag: FLAG });
const boardOf = async (client: TestClient, query = '') =>
  (await client.get(`/api/leaderboard${query}`)).json<LeaderboardPage>().entries.map((e) => [e.username, e.score, e.solvedCount]);
const graphOf = async (client: TestClient) => (await client.get('/api/leaderboard/graph')).json<ScoreGraph>();
const linesOf = (graph: ScoreGraph) => graph.series.map((s) => [s.username, s.points.map((p) => p.score)]);
const feed = async () => (await t.app.inject({ method: 'GET', url: '/api/scoreboard/ctftime' })).json<CtftimeFeed>();
const teamPageOf = async (client: TestClient, teamId: string) => (await client.get(`/api/teams/${teamId}`)).json<PublicTeam>();
const challengesOf = async (client: TestClient) =>
  new Map(mergeChallengeList((await client.get('/api/challenges')).json<ChallengeList>()).map((c) => [c.id, c]));
async function formTeam(name: string, members: Player[]): Promise<string> {
  const created = (await members[0]!.client.post('/api/teams', { name })).json<{ id: string; inviteCode: string }>();
  for (const member of members.slice(1))
    expect((await member.client.post('/api/teams/join', { code: created.inviteCode })).statusCode).toBe(200);
  return created.id;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 4 } })).statusCode).toBe(200);
  for (const [id, scoring] of [
    ['tb-a', { type: 'static', points: 100 }],
    ['tb-b', { type: 'static', points: 100 }],
    ['tb-dyn', { type: 'dynamic', initial: 500, decay: 50, minimum: 100, function: 'linear' }],
  ] as const)
    expect((await admin.post('/api/admin/challenges', challengeBody(id, scoring))).statusCode).toBe(201);
  [alice, bob, carol, dave, erin] = [
    await registerPlayer(t.app, { username: 'tb_alice' }),
    await registerPlayer(t.app, { username: 'tb_bob' }),
    await registerPlayer(t.app, { username: 'tb_carol' }),
    await registerPlayer(t.app, { username: 'tb_dave' }),
    await registerPlayer(t.app, { username: 'tb_erin' }),
  ];
  team.red = await formTeam('Red', [alice, bob]);
  team.blue = await formTeam('Blue', [carol, dave]);
  team.green = await formTeam('Green', [erin]);
  event = {
    mode: 'event',
    startsAt: iso(T0),
    endsAt: iso(T0 + 5 * 60 * MINUTE),
    freezeAt: iso(T0 + 60 * MINUTE),
    allowPracticeAfterEnd: false,
    firstBloodBonus: 10,
  };
  // A freeze in team mode is taken (it was refused while the frozen standings were by player).
  expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('before the freeze', () => {
  it('announces a first blood live naming the team and the member who solved', async () => {
    clock.advance(10 * MINUTE);
    const received = await eventsUntil(baseUrl, cookieOf(erin), 'solve', async () => {
      expect((await submit(alice, 'tb-a')).json()).toMatchObject({ status: 'correct', points: 110 });
    });
    expect(received.at(-1)?.data).toMatchObject({
      teamId: team.red,
      teamName: 'Red',
      username: 'tb_alice',
      challengeId: 'tb-a',
      firstBlood: true,
    });
    clock.advance(10 * MINUTE);
    expect((await submit(bob, 'tb-dyn')).json()).toMatchObject({ status: 'correct', points: 510 });
    clock.advance(10 * MINUTE);
    expect((await submit(carol, 'tb-dyn')).json()).toMatchObject({ status: 'correct', points: 450 });
  });

  it('marks the first blood on the challenge with the team, and on the team’s page', async () => {
    const list = await challengesOf(erin.client);
    expect(list.get('tb-a')!.firstBlood).toEqual({ uid: alice.userId, username: 'tb_alice', teamId: team.red, teamName: 'Red' });
    expect(list.get('tb-dyn')!.firstBlood).toMatchObject({ teamId: team.red, teamName: 'Red', username: 'tb_bob' });
    expect((await teamPageOf(erin.client, team.red)).firstBloods?.sort()).toEqual(['tb-a', 'tb-dyn']);
    expect((await teamPageOf(erin.client, team.blue)).firstBloods).toEqual([]);
  });

  it('draws the score graph by team: each line sums its members’ solves', async () => {
    const graph = await graphOf(erin.client);
    expect(graph.isTeams).toBe(true);
    // Red: alice's 110 then bob's 460 (the dynamic value is 450 now, plus the first-blood bonus).
    expect(linesOf(graph)).toEqual([
      ['Red', [0, 110, 570]],
      ['Blue', [0, 450]],
      ['Green', [0]],
    ]);
    expect(graph.series.map((s) => s.uid)).toEqual([team.red, team.blue, team.green]);
    // Its history is the solves: a server started again on the same database draws the same graph.
    const restarted = await buildTestApp({ clock, database: t.database });
    try {
      const otherAdmin = await loginAdmin(restarted.app);
      expect(await graphOf(otherAdmin)).toEqual(await graphOf(admin));
    } finally {
      await restarted.app.close();
    }
  });

  it('feeds CTFtime by team: name, task stats and last accept of each team, in the leaderboard’s positions', async () => {
    const body = await feed();
    expect(body.standings).toEqual([
      {
        pos: 1,
        team: 'Red',
        score: 570,
        taskStats: {
          'Board tb-a': { points: 110, time: (T0 + 10 * MINUTE) / 1000 },
          'Board tb-dyn': { points: 460, time: (T0 + 20 * MINUTE) / 1000 },
        },
        lastAccept: (T0 + 20 * MINUTE) / 1000,
      },
      {
        pos: 2,
        team: 'Blue',
        score: 450,
        taskStats: { 'Board tb-dyn': { points: 450, time: (T0 + 30 * MINUTE) / 1000 } },
        lastAccept: (T0 + 30 * MINUTE) / 1000,
      },
      { pos: 3, team: 'Green', score: 0, taskStats: {} },
    ]);
    expect(await boardOf(erin.client)).toEqual([
      ['Red', 570, 2],
      ['Blue', 450, 1],
      ['Green', 0, 0],
    ]);
  });
});

describe('during the freeze', () => {
  let erinAnswer: unknown;
  beforeAll(async () => {
    clock.advance(60 * MINUTE); // T0 + 90 min: frozen since T0 + 60 min.
    // Carol (Blue) hears her teammate's later solve, as she sees it; Erin (Green) hears nothing of it.
    const carolHeard = await eventsUntil(baseUrl, cookieOf(carol), 'solve', async () => {
      const erinHeard = await eventsUntil(baseUrl, cookieOf(erin), 'announcement', async () => {
        expect((await submit(dave, 'tb-b')).json()).toMatchObject({ status: 'correct', points: 100 });
        const marker = { title: { en: 'Marker', fr: 'Repère' }, body: { en: 'x', fr: 'x' } };
        expect((await admin.post('/api/admin/announcements', marker)).statusCode).toBe(201);
      });
      expect(erinHeard.map((e) => e.type)).not.toContain('solve');
    });
    expect(carolHeard.at(-1)?.data).toMatchObject({ userId: dave.userId, challengeId: 'tb-b', firstBlood: false });
    clock.advance(MINUTE);
    erinAnswer = (await submit(erin, 'tb-dyn')).json();
  });

  it('answers a flag with what its team sees: one more solve than at the freeze', () => {
    expect(erinAnswer).toMatchObject({ status: 'correct', points: 400 });
  });

  it('keeps the team leaderboard, its search and the team pages of other teams as at the freeze', async () => {
    const frozen = [
      ['Red', 570, 2],
      ['Blue', 450, 1],
      ['Green', 0, 0],
    ];
    expect(await boardOf(erin.client)).toEqual(frozen);
    expect(await boardOf(alice.client)).toEqual(frozen);
    expect(await boardOf(erin.client, '?search=blu')).toEqual([frozen[1]]);
    const blue = await teamPageOf(erin.client, team.blue);
    expect(blue).toMatchObject({ score: 450, solvedCount: 1, firstBloods: [] });
    expect(blue.members.map((m) => [m.username, m.points, m.solvedCount]).sort()).toEqual([
      ['tb_carol', 450, 1],
      ['tb_dave', 0, 0],
    ]);
    expect(await teamPageOf(erin.client, team.red)).toMatchObject({ score: 570, solvedCount: 2 });
  });

  it('keeps solve counts, dynamic values and first bloods of the challenges as at the freeze', async () => {
    const list = await challengesOf(alice.client);
    expect(list.get('tb-dyn')).toMatchObject({ solveCount: 2, points: 450 });
    expect(list.get('tb-b')).toMatchObject({ solveCount: 0, firstBlood: null });
  });

  it('shows a team its own later solves, marked so, at the values its members see', async () => {
    const list = await challengesOf(carol.client);
    expect(list.get('tb-b')).toMatchObject({ solved: true, solvedAfterFreeze: true, solveCount: 1, firstBlood: null });
    // Blue's own page: tb-dyn at 450 (the freeze's value) and tb-b at 100, without the hidden first-blood bonus.
    const own = (await carol.client.get('/api/teams/mine')).json<{ team: PublicTeam }>().team;
    expect(own).toMatchObject({ score: 550, solvedCount: 2, firstBloods: [] });
    expect(await teamPageOf(dave.client, team.blue)).toMatchObject({ score: 550, solvedCount: 2 });
    // The answer to a captain's change shows the team as its members see it too, not the live numbers.
    expect((await carol.client.post('/api/teams/mine/invite-code', {})).json()).toMatchObject({ score: 550 });
    // On the leaderboard Blue stands where the freeze left it.
    expect(await boardOf(carol.client)).toEqual([
      ['Red', 570, 2],
      ['Blue', 450, 1],
      ['Green', 0, 0],
    ]);
  });

  it('keeps the graph and the CTFtime feed as at the freeze', async () => {
    const graph = await graphOf(erin.client);
    expect(graph).toMatchObject({ isFrozen: true, isTeams: true, until: iso(T0 + 60 * MINUTE) });
    expect(linesOf(graph)).toEqual([
      ['Red', [0, 110, 570]],
      ['Blue', [0, 450]],
      ['Green', [0]],
    ]);
    const body = await feed();
    expect(body.standings.map((s) => [s.pos, s.team, s.score, Object.keys(s.taskStats).length])).toEqual([
      [1, 'Red', 570, 2],
      [2, 'Blue', 450, 1],
      [3, 'Green', 0, 0],
    ]);
  });

  it('shows admins the live standings, graph and team pages', async () => {
    // Live: tb-dyn has 3 solves (400 each); Blue drew first blood on tb-b (110).
    const live = [
      ['Red', 520, 2],
      ['Blue', 510, 2],
      ['Green', 400, 1],
    ];
    expect(await boardOf(admin)).toEqual(live);
    expect(await boardOf(admin, '?view=public')).toEqual([
      ['Red', 570, 2],
      ['Blue', 450, 1],
      ['Green', 0, 0],
    ]);
    expect(linesOf(await graphOf(admin))).toEqual([
      ['Red', [0, 110, 520]],
      ['Blue', [0, 400, 510]],
      ['Green', [0, 400]],
    ]);
    expect(await teamPageOf(admin, team.blue)).toMatchObject({ score: 510, solvedCount: 2, firstBloods: ['tb-b'] });
    await expectTeamScoreInvariant(t.database, async (teamId) => (await teamPageOf(admin, teamId)).score);
  });
});

describe('when admins unfreeze', () => {
  it('reveals everything at once: standings, team pages, first bloods, graph and feed', async () => {
    expect((await admin.patch('/api/admin/settings', { event: { ...event, freezeAt: null } })).statusCode).toBe(200);
    expect(await boardOf(erin.client)).toEqual([
      ['Red', 520, 2],
      ['Blue', 510, 2],
      ['Green', 400, 1],
    ]);
    expect(await teamPageOf(erin.client, team.blue)).toMatchObject({ score: 510, firstBloods: ['tb-b'] });
    expect((await challengesOf(erin.client)).get('tb-b')!.firstBlood).toMatchObject({ teamName: 'Blue', username: 'tb_dave' });
    expect(linesOf(await graphOf(erin.client))).toEqual([
      ['Red', [0, 110, 520]],
      ['Blue', [0, 400, 510]],
      ['Green', [0, 400]],
    ]);
    const blue = (await feed()).standings.find((s) => s.team === 'Blue')!;
    expect(blue).toMatchObject({ pos: 2, score: 510, taskStats: { 'Board tb-b': { points: 110 } } });
    expect(blue.lastAccept).toBe((T0 + 90 * MINUTE) / 1000);
  });
});
