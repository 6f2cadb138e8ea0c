import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { expectScoreInvariant } from '../../../test/score-invariant.js';

// Issue #35 point 6, through the routes (the pure cases are in ledger.test.ts): two score bugs of the old design, where
// each solve stored its points, gone now that every score is derived from the solves (docs/decisions/007-scoring.md).

const HOUR = 60 * 60_000;
const clock = createManualClock(new Date('2026-05-01T09:00:00.000Z'));
const FLAG = 'CTF{ledger_route_flag}';
const TRAINING = { mode: 'training', startsAt: null, endsAt: null, freezeAt: null, allowPracticeAfterEnd: false };

type Player = Awaited<ReturnType<typeof registerPlayer>>;
let t: TestApp;
let admin: TestClient;

const challengeBody = (id: string, scoring: Record<string, unknown>) => ({
  id,
  title: { en: `Ledger ${id}`, fr: `Registre ${id}` },
  description: { en: 'A challenge.', fr: 'Un défi.' },
  category: 'web-server',
  level: 'easy',
  scoring,
  hints: [],
  flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
});
const solve = async (player: Player, id: string) => {
  const answer = await player.client.post(`/api/challenges/${id}/submit`, { flag: FLAG });
  expect(answer.json<{ status: string }>().status).toBe('correct');
  clock.advance(60_000);
};
/** A player's score on the leaderboard, as `viewer` sees it. */
const boardScore = async (viewer: TestClient, player: Player) =>
  (await viewer.get(`/api/leaderboard?search=${player.username}`))
    .json<{ entries: { uid: string; score: number }[] }>()
    .entries.find((entry) => entry.uid === player.userId)?.score;
const profileScore = async (viewer: TestClient, player: Player) =>
  (await viewer.get(`/api/users/${player.userId}`)).json<{ score: number }>().score;
const cardValue = async (viewer: TestClient, id: string) =>
  (await viewer.get(`/api/challenges/${id}`)).json<{ points: number }>().points;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  expect((await admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 0 } })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('deleting a player who solved a dynamic challenge', () => {
  it('leaves the other solvers at the value the card shows, and a freeze changes nothing', async () => {
    const id = 'ledger-linear';
    const scoring = { type: 'dynamic', initial: 1000, decay: 100, minimum: 100, function: 'linear' };
    expect((await admin.post('/api/admin/challenges', challengeBody(id, scoring))).statusCode).toBe(201);
    const [gone, b, c] = [await registerPlayer(t.app), await registerPlayer(t.app), await registerPlayer(t.app)];
    for (const player of [gone, b, c]) await solve(player, id);
    expect(await cardValue(b.client, id)).toBe(800);
    expect(await boardScore(admin, b)).toBe(800);

    expect((await admin.delete(`/api/admin/users/${gone.userId}`)).statusCode).toBe(200);
    expect(await cardValue(b.client, id)).toBe(900);
    for (const player of [b, c]) {
      expect(await boardScore(b.client, player)).toBe(900);
      expect(await profileScore(c.client, player)).toBe(900);
    }

    // A freeze from now: the frozen standings are computed from the same facts, so nobody's score jumps.
    const event = { ...TRAINING, mode: 'event', startsAt: new Date(clock.now().getTime() - 2 * HOUR).toISOString() };
    const freeze = {
      ...event,
      endsAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      freezeAt: clock.now().toISOString(),
    };
    expect((await admin.patch('/api/admin/settings', { event: freeze })).statusCode).toBe(200);
    clock.advance(60_000);
    for (const player of [b, c]) {
      expect(await boardScore(b.client, player)).toBe(900);
      expect(await boardScore(admin, player)).toBe(900);
      expect(await profileScore(c.client, player)).toBe(900);
    }
    expect((await admin.patch('/api/admin/settings', { event: TRAINING })).statusCode).toBe(200);
    await expectScoreInvariant(t);
  });
});

describe('the ledger while changes cross', () => {
  // docs/decisions/007-scoring.md: a read of the ledger never waits for the database, so that one made inside a
  // transaction (the answer to a flag, a team's page) cannot wait for a read that PGlite's one connection holds back.
  it('answers flags, hints, sign-ups and an admin’s deletion sent at once, and the scores equal the rows', async () => {
    const id = 'ledger-crossing';
    const body = {
      ...challengeBody(id, { type: 'dynamic', initial: 500, decay: 50, minimum: 100, function: 'linear' }),
      hints: [{ content: { en: 'A hint.', fr: 'Un indice.' }, cost: 30 }],
    };
    expect((await admin.post('/api/admin/challenges', body)).statusCode).toBe(201);
    expect((await admin.patch('/api/admin/settings', { event: { ...TRAINING, firstBloodBonus: 0 } })).statusCode).toBe(200);
    const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer(t.app)));
    const hintId = (await players[0]!.client.get(`/api/challenges/${id}`)).json<{ hints: { id: number }[] }>().hints[0]!.id;
    const leaving = players.pop()!;
    await solve(leaving, id);

    const answers = await Promise.all([
      ...players.map((player) => player.client.post(`/api/challenges/${id}/submit`, { flag: FLAG })),
      ...players.map((player) => player.client.post(`/api/challenges/${id}/hints/${hintId}/open`, {})),
      admin.delete(`/api/admin/users/${leaving.userId}`),
      ...Array.from({ length: 3 }, async () => (await registerPlayer(t.app)).client.get('/api/leaderboard')),
      admin.get('/api/admin/users'),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    // Seven solvers of 500/decay 50 (the deleted one's solve went with them): 200 each, less the hint where it was open.
    for (const player of players) expect([200, 170]).toContain(await profileScore(admin, player));
    await expectScoreInvariant(t);
  });
});

describe('in team mode, deleting a challenge one player solved for two teams', () => {
  // Its own deployment: the mode cannot change once a solve exists.
  let teams: TestApp;
  let teamsAdmin: TestClient;
  beforeAll(async () => {
    teams = await buildTestApp({ clock });
    teamsAdmin = await loginAdmin(teams.app);
    const settings = { event: { ...TRAINING, firstBloodBonus: 0 }, teams: { enabled: true, maxSize: 4 } };
    expect((await teamsAdmin.patch('/api/admin/settings', settings)).statusCode).toBe(200);
  });
  afterAll(async () => teams?.close());

  it('takes both solves’ points from that player (1,100 → 700)', async () => {
    for (const [id, points] of [
      ['ledger-twice', 200],
      ['ledger-kept', 700],
    ] as const)
      expect((await teamsAdmin.post('/api/admin/challenges', challengeBody(id, { type: 'static', points }))).statusCode).toBe(
        201,
      );
    const player = await registerPlayer(teams.app);
    const teamOf = async (name: string) => (await player.client.post('/api/teams', { name })).json<{ id: string }>().id;

    const first = await teamOf('Ledger first');
    await solve(player, 'ledger-twice');
    await solve(player, 'ledger-kept');
    expect((await player.client.post('/api/teams/mine/leave', {})).statusCode).toBe(200);
    const second = await teamOf('Ledger second');
    await solve(player, 'ledger-twice');
    expect(await profileScore(teamsAdmin, player)).toBe(1100);

    expect((await teamsAdmin.delete('/api/admin/challenges/ledger-twice')).statusCode).toBe(200);
    expect(await profileScore(teamsAdmin, player)).toBe(700);
    expect(await profileScore(player.client, player)).toBe(700);
    const teamScore = async (id: string) => (await teamsAdmin.get(`/api/teams/${id}`)).json<{ score: number }>().score;
    expect([await teamScore(first), await teamScore(second)]).toEqual([700, 0]);
    await expectScoreInvariant(teams);
  });
});
