import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LeaderboardEntry, ScoreGraph } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';

// docs/product.md#score-graph: the top 10 over time, from the solves; frozen for players during a freeze.

const MINUTE = 60_000;
const T0 = new Date('2026-03-01T09:00:00.000Z').getTime();
const clock = createManualClock(new Date(T0));
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let admin: TestClient;
type Player = Awaited<ReturnType<typeof registerPlayer>>;
const players: Player[] = [];

const flagOf = (id: string) => `CTF{graph_${id}}`;
const challenge = (id: string, scoring: Record<string, unknown>) => ({
  id,
  title: { en: `Graph ${id}`, fr: `Graphe ${id}` },
  description: { en: 'A challenge of the graph test.', fr: 'Un défi du test du graphe.' },
  category: 'web-server',
  level: 'easy',
  scoring,
  hints: [{ content: { en: 'A hint', fr: 'Un indice' }, cost: 20 }],
  flags: [{ kind: 'static', matcher: 'exact', content: flagOf(id) }],
});
const STATIC = [
  { id: 'graph-5', points: 5 },
  { id: 'graph-20', points: 20 },
  { id: 'graph-50', points: 50 },
  { id: 'graph-100', points: 100 },
];
/** CTFd's linear decay: 500, 450, 400, 350… */
const DYNAMIC = { type: 'dynamic', initial: 500, decay: 50, minimum: 100, function: 'linear' };

/** A correct flag sent at `at` (the server's clock stamps the solve, a fact never rewritten), the clock then put back. */
async function solveAt(player: Player, id: string, at: number): Promise<void> {
  const now = clock.now().getTime();
  clock.advance(at - now);
  const response = await player.client.post(`/api/challenges/${id}/submit`, { flag: flagOf(id) });
  clock.advance(now - at);
  expect(response.json().status, response.body).toBe('correct');
}

const graphOf = async (client: TestClient) => {
  const response = await client.get('/api/leaderboard/graph');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ScoreGraph>();
};
const boardOf = async (client: TestClient) => (await client.get('/api/leaderboard')).json<{ entries: LeaderboardEntry[] }>();
/** The same player signed in on another server (a restart: its session secret is new). */
async function loginOn(app: TestApp, player: Player): Promise<TestClient> {
  const client = new TestClient(app.app);
  expect((await client.post('/api/auth/login', { email: player.email, password: player.password })).statusCode).toBe(200);
  return client;
}
const lastScores = (graph: ScoreGraph) => graph.series.map((s) => s.points.at(-1)!.score);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  for (const { id, points } of STATIC)
    expect((await admin.post('/api/admin/challenges', challenge(id, { type: 'static', points }))).statusCode).toBe(201);
  expect((await admin.post('/api/admin/challenges', challenge('graph-dyn', DYNAMIC))).statusCode).toBe(201);
  // Twelve players, scores 5 to 150 (the bits of their number over 5, 20, 50, 100), each solve at its own time.
  for (let i = 1; i <= 12; i += 1) {
    const player = await registerPlayer(t.app, { username: `graph_p${String(i).padStart(2, '0')}` });
    players.push(player);
    for (const [bit, { id }] of STATIC.entries())
      if (i & (1 << bit)) await solveAt(player, id, T0 - 3 * 60 * MINUTE + i * 5 * MINUTE + bit * MINUTE);
  }
  const [p10, p11, p12] = [players[9]!, players[10]!, players[11]!];
  // p12 opens the hint (20) of the dynamic challenge before solving it.
  const detail = (await p12.client.get('/api/challenges/graph-dyn')).json<{ hints: { id: number }[] }>();
  expect((await p12.client.post(`/api/challenges/graph-dyn/hints/${detail.hints[0]!.id}/open`, {})).statusCode).toBe(200);
  await solveAt(p12, 'graph-dyn', T0 - 60 * MINUTE);
  await solveAt(p11, 'graph-dyn', T0 - 50 * MINUTE);
  await solveAt(p10, 'graph-dyn', T0 - 40 * MINUTE);
  // An admin's adjustment: p03 (25 from solves) gets 26.
  expect((await admin.patch(`/api/admin/users/${players[2]!.userId}`, { score: 26 })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/leaderboard/graph', () => {
  it('requires a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leaderboard/graph' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('draws the leaderboard’s top 10, in its order, each line ending at the leaderboard score', async () => {
    const graph = await graphOf(players[0]!.client);
    const top = (await boardOf(players[0]!.client)).entries.slice(0, 10);
    expect(graph).toMatchObject({ isFrozen: false, until: null });
    expect(graph.series.map((s) => s.uid)).toEqual(top.map((entry) => entry.uid));
    expect(graph.series.map((s) => [s.position, s.username, s.score])).toEqual(
      top.map((entry) => [entry.position, entry.username, entry.score]),
    );
    expect(lastScores(graph)).toEqual(top.map((entry) => entry.score));
    for (const series of graph.series) {
      const times = series.points.map((point) => Date.parse(point.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // One point for the start, then one per solve.
      expect(series.points).toHaveLength(1 + top.find((entry) => entry.uid === series.uid)!.solvedCount);
    }
    // Every line starts together, at the first solve shown.
    expect(new Set(graph.series.map((s) => s.points[0]!.at))).toEqual(new Set([iso(T0 - 3 * 60 * MINUTE + 15 * MINUTE)]));
  });

  it('counts dynamic values as they are now (retroactive), hint costs, and the adjustment from the start', async () => {
    const graph = await graphOf(players[0]!.client);
    const byName = new Map(graph.series.map((s) => [s.username, s]));
    // Three solves of the dynamic challenge: 400 for each solver now, less p12's hint.
    expect(byName.get('graph_p12')!.points.at(-1)).toEqual({ at: iso(T0 - 60 * MINUTE), score: 150 + 380 });
    expect(byName.get('graph_p11')!.points.at(-1)).toEqual({ at: iso(T0 - 50 * MINUTE), score: 125 + 400 });
    expect(byName.get('graph_p10')!.points.at(-1)).toEqual({ at: iso(T0 - 40 * MINUTE), score: 120 + 400 });
    expect(graph.series.slice(0, 3).map((s) => s.username)).toEqual(['graph_p12', 'graph_p11', 'graph_p10']);
    const p03 = byName.get('graph_p03')!;
    expect(p03.points.map((point) => point.score)).toEqual([1, 6, 26]);
    // p01 and p02 (5 and 20) are 11th and 12th: not drawn.
    expect(byName.has('graph_p01')).toBe(false);
    expect(byName.has('graph_p02')).toBe(false);
  });

  it('follows a solve at once (the memory is cleared on the event bus)', async () => {
    const before = await graphOf(players[0]!.client);
    expect(await graphOf(players[0]!.client)).toEqual(before);
    await solveAt(players[8]!, 'graph-20', T0 - 10 * MINUTE); // p09: 105 → 125
    const after = await graphOf(players[0]!.client);
    const p09 = after.series.find((s) => s.username === 'graph_p09')!;
    expect(p09.points.at(-1)).toEqual({ at: iso(T0 - 10 * MINUTE), score: 125 });
    expect(lastScores(after)).toEqual((await boardOf(players[0]!.client)).entries.slice(0, 10).map((e) => e.score));
  });

  it('keeps its history across a restart: a new server on the same database draws the same graph', async () => {
    const before = await graphOf(players[0]!.client);
    const restarted = await buildTestApp({ clock, database: t.database });
    try {
      expect(await graphOf(await loginOn(restarted, players[0]!))).toEqual(before);
    } finally {
      await restarted.app.close();
    }
  });
});

describe('during a freeze (docs/product.md#events)', () => {
  const freezeAt = T0 + 10 * MINUTE;
  let beforeFreeze: ScoreGraph;

  beforeAll(async () => {
    const event = {
      mode: 'event',
      startsAt: iso(T0 - 4 * 60 * MINUTE),
      endsAt: iso(T0 + 4 * 60 * MINUTE),
      freezeAt: iso(freezeAt),
      allowPracticeAfterEnd: false,
    };
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    // A tie in the top 10: p09 gets p10's score by an adjustment (the order then goes to whoever reached it first).
    const p10 = (await boardOf(admin)).entries.find((entry) => entry.uid === players[9]!.userId)!;
    expect((await admin.patch(`/api/admin/users/${players[8]!.userId}`, { score: p10.score })).statusCode).toBe(200);
    beforeFreeze = await graphOf(players[0]!.client);
    // In an event, every line starts at the event's start.
    expect(beforeFreeze.series[0]!.points[0]!.at).toBe(iso(T0 - 4 * 60 * MINUTE));
    clock.advance(20 * MINUTE);
    // The player view is built once frozen, before the solve below.
    expect((await graphOf(players[0]!.client)).isFrozen).toBe(true);
    // After the freeze, p01 (5) solves the dynamic challenge: 350 now, and every other solver's value drops to 350.
    await solveAt(players[0]!, 'graph-dyn', T0 + 15 * MINUTE);
  });

  it('shows players the graph as it was at the freeze: same top 10, same lines, cut at the freeze', async () => {
    for (const client of [players[0]!.client, players[5]!.client]) {
      const graph = await graphOf(client);
      expect(graph).toEqual({ ...beforeFreeze, isFrozen: true, until: iso(freezeAt) });
      for (const series of graph.series) for (const point of series.points) expect(Date.parse(point.at)).toBeLessThan(freezeAt);
    }
  });

  it('draws the frozen leaderboard’s top 10: same players, same order (ties included), same scores', async () => {
    const graph = await graphOf(players[5]!.client);
    const top = (await boardOf(players[5]!.client)).entries.slice(0, 10);
    expect(top.filter((entry) => entry.score === top.find((e) => e.uid === players[9]!.userId)?.score)).toHaveLength(2);
    expect(graph.series.map((s) => [s.uid, s.score])).toEqual(top.map((entry) => [entry.uid, entry.score]));
    expect(lastScores(graph)).toEqual(top.map((entry) => entry.score));
  });

  it('shows admins the live graph: the new solve, and the lowered dynamic values', async () => {
    const graph = await graphOf(admin);
    expect(graph).toMatchObject({ isFrozen: false, until: null });
    const top = (await boardOf(admin)).entries.slice(0, 10);
    expect(graph.series.map((s) => s.uid)).toEqual(top.map((entry) => entry.uid));
    expect(lastScores(graph)).toEqual(top.map((entry) => entry.score));
    const byName = new Map(graph.series.map((s) => [s.username, s]));
    expect(byName.get('graph_p01')!.points.at(-1)).toEqual({ at: iso(T0 + 15 * MINUTE), score: 5 + 350 });
    expect(byName.get('graph_p12')!.score).toBe(150 + 330);
  });

  it('builds the frozen view from the solves too: the same after a restart', async () => {
    const frozen = await graphOf(players[0]!.client);
    const restarted = await buildTestApp({ clock, database: t.database });
    try {
      expect(await graphOf(await loginOn(restarted, players[0]!))).toEqual(frozen);
    } finally {
      await restarted.app.close();
    }
  });

  it('reveals everything at once when admins lift the freeze', async () => {
    const current = (await admin.get('/api/admin/settings')).json().event;
    expect((await admin.patch('/api/admin/settings', { event: { ...current, freezeAt: null } })).statusCode).toBe(200);
    expect(await graphOf(players[0]!.client)).toEqual(await graphOf(admin));
    expect((await graphOf(players[0]!.client)).series.map((s) => s.username)).toContain('graph_p01');
  });
});
