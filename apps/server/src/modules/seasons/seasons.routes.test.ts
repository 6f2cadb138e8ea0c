import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CtftimeFeed, SeasonListResult, SeasonStandingsResult } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';

import { createSeasonsRepository } from './seasons.repository.js';

// docs/product.md#events: an event has a name, a start, an end and an optional freeze; when it ends its final standings
// are kept, listed for signed-in players and admins, and exported (CSV, CTFtime feed); they stay as they were whatever
// happens to the platform afterwards.

const HOUR = 60 * 60_000;
const clock = createManualClock(new Date('2026-04-01T09:00:00.000Z'));
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

let t: TestApp;
let admin: TestClient;
type Player = Awaited<ReturnType<typeof registerPlayer>>;
let alice: Player;
let bob: Player;
let event: Record<string, unknown>;

const FLAG = 'CTF{season_flag}';
const challengeBody = (id: string, points: number) => ({
  id,
  title: { en: `Season ${id}`, fr: `Saison ${id}` },
  description: { en: 'A challenge.', fr: 'Un défi.' },
  category: 'web-server',
  level: 'easy',
  scoring: { type: 'static', points },
  hints: [],
  flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
});
const solve = (player: Player, id: string) => player.client.post(`/api/challenges/${id}/submit`, { flag: FLAG });
/** A player's score on the leaderboard, as `viewer` sees it (0 when not ranked with points). */
const boardScore = async (viewer: TestClient, player: Player) =>
  (await viewer.get(`/api/leaderboard?search=${player.username}`))
    .json<{ entries: { uid: string; score: number }[] }>()
    .entries.find((entry) => entry.uid === player.userId)?.score ?? 0;
const list = async (client: TestClient) => (await client.get('/api/seasons')).json<SeasonListResult>().seasons;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
  for (const [id, points] of [
    ['sn-a', 100],
    ['sn-b', 200],
    ['sn-training', 50],
  ] as const)
    expect((await admin.post('/api/admin/challenges', challengeBody(id, points))).statusCode).toBe(201);
  [alice, bob] = [await registerPlayer(t.app), await registerPlayer(t.app)];
  // In training, before any event: a solve the event's board must not count.
  expect((await solve(bob, 'sn-training')).json().status).toBe('correct');
  event = {
    mode: 'event',
    name: { en: 'Spring cup', fr: 'Coupe de printemps' },
    startsAt: at(HOUR),
    endsAt: at(3 * HOUR),
    freezeAt: at(2 * HOUR),
    allowPracticeAfterEnd: false,
    firstBloodBonus: 0,
  };
});
afterAll(async () => t?.close());

describe('a scheduled event', () => {
  it('is named and scheduled by admins only; players cannot', async () => {
    expect((await alice.client.patch('/api/admin/settings', { event })).statusCode).toBe(403);
    expect((await admin.patch('/api/admin/settings', { event })).statusCode).toBe(200);
    expect((await alice.client.get('/api/event')).json()).toMatchObject({
      mode: 'event',
      phase: 'before',
      name: { en: 'Spring cup', fr: 'Coupe de printemps' },
    });
  });

  it('is not listed before it ends: the list is for signed-in players, and an unknown id is 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seasons' })).statusCode).toBe(401);
    expect(await list(alice.client)).toEqual([]);
    const unknown = await alice.client.get(`/api/seasons/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SEASON_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: `/api/seasons/${randomUUID()}/ctftime` })).statusCode).toBe(404);
    expect((await alice.client.get('/api/seasons/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('when the event ends', () => {
  let seasonId: string;

  beforeAll(async () => {
    clock.advance(HOUR + 10 * 60_000);
    // The event's board starts at zero: what was solved in training does not count on it.
    expect(await boardScore(alice.client, bob)).toBe(0);
    expect(await boardScore(admin, bob)).toBe(0);
    expect((await solve(alice, 'sn-a')).json().status).toBe('correct');
    expect(await boardScore(bob.client, alice)).toBe(100);
    clock.advance(10 * 60_000);
    expect((await solve(bob, 'sn-b')).json().status).toBe('correct');
    clock.advance(10 * 60_000);
    expect((await solve(alice, 'sn-b')).json().status).toBe('correct');
    clock.advance(3 * HOUR);
  });

  it('keeps its final standings, listed with its name and times for players and admins', async () => {
    const seasons = await list(alice.client);
    expect(seasons).toHaveLength(1);
    expect(seasons[0]).toMatchObject({
      name: { en: 'Spring cup', fr: 'Coupe de printemps' },
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      freezeAt: event.freezeAt,
      isTeams: false,
      entrants: 2,
    });
    expect(await list(admin)).toEqual(seasons);
    seasonId = seasons[0]!.id;
    const { standings } = (await bob.client.get(`/api/seasons/${seasonId}`)).json<SeasonStandingsResult>();
    expect(standings.map(({ pos, name, score, solved }) => ({ pos, name, score, solved }))).toEqual([
      { pos: 1, name: alice.username, score: 300, solved: 2 },
      { pos: 2, name: bob.username, score: 200, solved: 1 },
    ]);
  });

  it('exports them as CSV (signed in) and as the event’s own CTFtime feed (public)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/seasons/${seasonId}/standings.csv` })).statusCode).toBe(401);
    const csv = await bob.client.get(`/api/seasons/${seasonId}/standings.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      'position,name,score,solved,last_solve_at',
      `1,${alice.username},300,2,2026-04-01T10:30:00.000Z`,
      `2,${bob.username},200,1,2026-04-01T10:20:00.000Z`,
    ]);
    const feed = await t.app.inject({ method: 'GET', url: `/api/seasons/${seasonId}/ctftime` });
    expect(feed.statusCode).toBe(200);
    const body = feed.json<CtftimeFeed>();
    expect(body.tasks).toEqual(expect.arrayContaining(['Season sn-a', 'Season sn-b']));
    expect(body.standings.map(({ pos, team, score }) => ({ pos, team, score }))).toEqual([
      { pos: 1, team: alice.username, score: 300 },
      { pos: 2, team: bob.username, score: 200 },
    ]);
    expect(Object.keys(body.standings[0]!.taskStats).sort()).toEqual(['Season sn-a', 'Season sn-b']);
  });

  it('stay as they were when the platform goes back to training and players come and go', async () => {
    const before = (await bob.client.get(`/api/seasons/${seasonId}`)).json<SeasonStandingsResult>();
    expect((await admin.patch('/api/admin/settings', { event: { ...event, mode: 'training' } })).statusCode).toBe(200);
    expect((await solve(bob, 'sn-a')).json().status).toBe('correct');
    expect((await admin.delete(`/api/admin/users/${alice.userId}`)).statusCode).toBe(200);
    expect((await bob.client.get(`/api/seasons/${seasonId}`)).json()).toEqual(before);
    expect(await list(bob.client)).toHaveLength(1);
  });

  it('are kept when admins move on right after the end, before anyone reads them', async () => {
    const next = { ...event, name: { en: 'Summer cup', fr: '' }, startsAt: at(HOUR), endsAt: at(2 * HOUR), freezeAt: null };
    expect((await admin.patch('/api/admin/settings', { event: next })).statusCode).toBe(200);
    clock.advance(HOUR + 5 * 60_000);
    clock.advance(HOUR);
    expect((await admin.patch('/api/admin/settings', { event: { ...next, mode: 'training' } })).statusCode).toBe(200);
    const seasons = await list(bob.client);
    expect(seasons.map((season) => season.name.en)).toEqual(['Summer cup', 'Spring cup']);
  });

  it('are kept once, whichever instance keeps them first (the second write inserts nothing)', async () => {
    const repository = createSeasonsRepository(t.database.db);
    const season = {
      nameEn: 'Again',
      nameFr: 'Encore',
      startsAt: new Date(event.startsAt as string),
      endsAt: new Date(event.endsAt as string),
      freezeAt: null,
      isTeams: false,
      tasks: [],
    };
    expect(await repository.insertSeason(season, [])).toBe(false);
    expect(await list(bob.client)).toHaveLength(2);
  });

  it('are documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/seasons/',
        '/api/seasons/{id}',
        '/api/seasons/{id}/standings.csv',
        '/api/seasons/{id}/ctftime',
      ]),
    );
  });
});

describe('kept standings of a large event', () => {
  let paged: TestApp;
  let pagedAdmin: TestClient;
  beforeAll(async () => {
    paged = await buildTestApp();
    pagedAdmin = await loginAdmin(paged.app);
  });
  afterAll(async () => paged?.close());

  it('are read a page at a time, with the viewer’s own row (their team’s in team mode) wherever it is', async () => {
    const reader = await registerPlayer(paged.app);
    const repository = createSeasonsRepository(paged.database.db);
    const kept = (isTeams: boolean, hour: number) => ({
      nameEn: `Paged ${hour}`,
      nameFr: `Paginé ${hour}`,
      startsAt: new Date(Date.UTC(2025, 0, 1, hour)),
      endsAt: new Date(Date.UTC(2025, 0, 1, hour + 1)),
      freezeAt: null,
      isTeams,
      tasks: ['Task'],
    });
    const standings = (mineAt: number, mineId: string) =>
      Array.from({ length: 250 }, (_, index) => ({
        pos: index + 1,
        entrantId: index + 1 === mineAt ? mineId : randomUUID(),
        name: `entrant-${index + 1}`,
        score: 10_000 - index,
        taskStats: { Task: { points: 10_000 - index, time: 1 } },
        lastSolveAt: null,
      }));
    expect(await repository.insertSeason(kept(false, 1), standings(237, reader.userId))).toBe(true);
    const captain = await registerPlayer(paged.app);
    expect((await pagedAdmin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 4 } })).statusCode).toBe(200);
    const team = (await captain.client.post('/api/teams', { name: 'Paged team' })).json<{ id: string }>();
    expect(await repository.insertSeason(kept(true, 3), standings(42, team.id))).toBe(true);
    expect((await pagedAdmin.patch('/api/admin/settings', { teams: { enabled: false, maxSize: 4 } })).statusCode).toBe(200);
    const idOf = async (name: string) => (await list(reader.client)).find((season) => season.name.en === name)!.id;

    const players = await idOf('Paged 1');
    const first = (await reader.client.get(`/api/seasons/${players}`)).json<SeasonStandingsResult>();
    expect(first).toMatchObject({ total: 250, page: 1, pageSize: 100, mine: { pos: 237, id: reader.userId } });
    expect(first.standings.map((row) => row.pos)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    const third = (await reader.client.get(`/api/seasons/${players}?page=3`)).json<SeasonStandingsResult>();
    expect(third.standings.map((row) => row.pos)).toEqual(Array.from({ length: 50 }, (_, index) => index + 201));
    expect(third.standings.find((row) => row.id === reader.userId)).toMatchObject({ pos: 237, name: 'entrant-237' });
    // Another player, not ranked: no row of theirs.
    expect((await captain.client.get(`/api/seasons/${players}`)).json<SeasonStandingsResult>().mine).toBeNull();
    expect((await reader.client.get(`/api/seasons/${players}?page=0`)).statusCode).toBe(400);
    expect((await reader.client.get(`/api/seasons/${players}?page=9`)).json<SeasonStandingsResult>().standings).toEqual([]);
    // The CSV holds every row.
    expect((await reader.client.get(`/api/seasons/${players}/standings.csv`)).body.trim().split('\r\n')).toHaveLength(251);

    const teams = await idOf('Paged 3');
    expect((await captain.client.get(`/api/seasons/${teams}`)).json<SeasonStandingsResult>().mine).toMatchObject({
      pos: 42,
      id: team.id,
    });
    expect((await reader.client.get(`/api/seasons/${teams}`)).json<SeasonStandingsResult>().mine).toBeNull();
  });
});
