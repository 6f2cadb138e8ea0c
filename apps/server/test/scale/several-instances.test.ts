// Three real server processes on one PostgreSQL database and one Redis, behind a real nginx running the README's own
// configuration (README "Several instances"). What a player would notice if the instances did not share their state: a
// solve missing from the live stream of a client on another instance, a wrong-flag budget multiplied by the number of
// instances, a revoked session or a ban still honoured somewhere, standings that differ between instances.
//
// Runs in the PostgreSQL pass of the suite (DATABASE_URL set); it needs Redis and nginx, which CI has (.ci/run). Nothing
// here is timed: every wait is for an event, with a generous bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SOLVABLE_PACK_CHALLENGES } from '../pack.js';
import { deriveFlag } from '../../src/modules/challenges/flags/flag-check.js';
import { INSTANCE_SECRET } from '../fault/fault-helpers.js';

import {
  type Cluster,
  type LiveStream,
  findNginx,
  isRedisReachable,
  metricOf,
  openLiveStream,
  request,
  startCluster,
  tailOf,
} from './cluster.js';

const truthy = (value: string | undefined) => !!value && value !== '0' && value.toLowerCase() !== 'false';
const wanted = !!process.env.DATABASE_URL;
const missing = wanted ? [!(await isRedisReachable()) && 'Redis at 127.0.0.1:6379', !findNginx() && 'nginx'].filter(Boolean) : [];
const WRONG_FLAG_LIMIT = 5;
const INSTANCES = 3;
/** nginx on SCALE_TEST_BASE_PORT and the instances on the next ports, or free ports when it is unset. */
const BASE_PORT = process.env.SCALE_TEST_BASE_PORT ? Number(process.env.SCALE_TEST_BASE_PORT) : undefined;
const challenge = (i: number) => ({
  id: SOLVABLE_PACK_CHALLENGES[i]!.id,
  flag: deriveFlag(INSTANCE_SECRET, SOLVABLE_PACK_CHALLENGES[i]!.id),
});

// CI must not skip this silently: without Redis or nginx it fails and says what is missing.
describe.runIf(wanted && missing.length > 0 && truthy(process.env.CI))('several instances (prerequisites)', () => {
  it('has Redis and nginx', () => {
    expect(missing).toEqual([]);
  });
});

describe.runIf(wanted && missing.length === 0)('three instances behind nginx on one PostgreSQL and Redis', () => {
  let cluster: Cluster;
  const direct = (i: number) => cluster.instances[i]!.baseUrl;
  const viaNginx = () => cluster.nginx.baseUrl;
  const logs = () => cluster.instances.map((s) => tailOf(s.logFile, 15)).join('\n---\n');

  beforeAll(async () => {
    cluster = await startCluster({
      count: INSTANCES,
      basePort: BASE_PORT,
      players: 10,
      env: { SUBMISSION_RATE_LIMIT: String(WRONG_FLAG_LIMIT), LOG_LEVEL: 'warn' },
    });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('sends a solve to the live clients of every instance', async () => {
    const [watcher, solver] = cluster.players;
    // Round robin: six streams through nginx land two on each instance (checked on each instance's metrics).
    const streams = [];
    for (let i = 0; i < 2 * INSTANCES; i += 1) streams.push(await openLiveStream(viaNginx(), watcher!.cookie));
    try {
      for (let i = 0; i < INSTANCES; i += 1) {
        expect(await metricOf(direct(i), 'drapeau_live_clients'), `instance ${i + 1} streams`).toBeGreaterThan(0);
      }
      const c = challenge(0);
      const answer = await request(viaNginx(), {
        method: 'POST',
        path: `/api/challenges/${c.id}/submit`,
        cookie: solver!.cookie,
        json: { flag: c.flag },
      });
      expect(answer.status, logs()).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ success: true });
      const isThisSolve = (e: { type: string; data: unknown }) =>
        e.type === 'solve' && (e.data as { userId: string; challengeId: string }).userId === solver!.id;
      const received = await Promise.all(streams.map((stream) => stream.next(isThisSolve)));
      for (const event of received) expect(event).toMatchObject({ userId: solver!.id, challengeId: c.id });
      // The frame carries no flag.
      expect(JSON.stringify(received)).not.toContain(c.flag);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('shares the wrong-flag budget: hitting every instance does not multiply it', async () => {
    const player = cluster.players[2]!;
    const c = challenge(1);
    const before = await Promise.all(cluster.ports.map((_, i) => metricOf(direct(i), 'drapeau_wrong_flags_total')));
    const statuses: number[] = [];
    for (let i = 0; i < WRONG_FLAG_LIMIT * INSTANCES; i += 1) {
      const answer = await request(viaNginx(), {
        method: 'POST',
        path: `/api/challenges/${c.id}/submit`,
        cookie: player.cookie,
        json: { flag: `CTF{wrong_${i}}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(WRONG_FLAG_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(WRONG_FLAG_LIMIT * (INSTANCES - 1));
    // And the attempts did go to every instance.
    const after = await Promise.all(cluster.ports.map((_, i) => metricOf(direct(i), 'drapeau_wrong_flags_total')));
    const served = after.map((n, i) => n - before[i]!);
    expect(served.reduce((a, b) => a + b, 0)).toBe(WRONG_FLAG_LIMIT);
    expect(served.filter((n) => n > 0).length).toBeGreaterThan(1);
    // Directly on each instance, too: the budget is spent everywhere.
    for (let i = 0; i < INSTANCES; i += 1) {
      const answer = await request(direct(i), {
        method: 'POST',
        path: `/api/challenges/${c.id}/submit`,
        cookie: player.cookie,
        json: { flag: 'CTF{still_wrong}' },
      });
      expect(answer.status).toBe(429);
    }
  });

  const sessionStatusOnEach = async (cookie: string) =>
    Promise.all(cluster.ports.map(async (_, i) => (await request(direct(i), { path: '/api/badges', cookie })).status));

  /**
   * Waits until every instance has processed what was announced before now. PostgreSQL delivers notifications in commit
   * order on each instance's one listening connection: once a solve made after the change reaches a live client of every
   * instance, every instance has heard of the change. This waits for delivery, not for a cache to expire (10 s).
   */
  let markers = 0;
  async function everyInstanceHeardSoFar(streams: LiveStream[]): Promise<void> {
    const marker = cluster.players[6 + markers]!;
    const c = challenge(4 + markers);
    markers += 1;
    const answer = await request(viaNginx(), {
      method: 'POST',
      path: `/api/challenges/${c.id}/submit`,
      cookie: marker.cookie,
      json: { flag: c.flag },
    });
    expect(answer.status).toBe(200);
    await Promise.all(
      streams.map((stream) => stream.next((e) => e.type === 'solve' && (e.data as { userId: string }).userId === marker.id)),
    );
  }
  const streamOnEach = () => Promise.all(cluster.ports.map((_, i) => openLiveStream(direct(i), cluster.players[0]!.cookie)));

  it('ends a signed-out session on every instance, before any cache expires', async () => {
    const player = cluster.players[3]!;
    const streams = await streamOnEach();
    try {
      // Twice: the second read on each instance comes from its session memory.
      expect(await sessionStatusOnEach(player.cookie)).toEqual([200, 200, 200]);
      expect(await sessionStatusOnEach(player.cookie)).toEqual([200, 200, 200]);
      const out = await request(viaNginx(), { method: 'POST', path: '/api/auth/logout', cookie: player.cookie, json: {} });
      expect(out.status).toBe(200);
      const atOnce = await sessionStatusOnEach(player.cookie);
      await everyInstanceHeardSoFar(streams);
      expect(await sessionStatusOnEach(player.cookie)).toEqual([401, 401, 401]);
      console.info(`right after the sign-out answer: ${JSON.stringify(atOnce)}`);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('applies a ban on every instance, before any cache expires', async () => {
    const player = cluster.players[4]!;
    const streams = await streamOnEach();
    try {
      expect(await sessionStatusOnEach(player.cookie)).toEqual([200, 200, 200]);
      expect(await sessionStatusOnEach(player.cookie)).toEqual([200, 200, 200]);
      const ban = await request(viaNginx(), {
        method: 'POST',
        path: `/api/admin/users/${player.id}/ban`,
        cookie: cluster.admin.cookie,
        json: { reason: 'several instances test' },
      });
      expect(ban.status, ban.body).toBe(200);
      const atOnce = await sessionStatusOnEach(player.cookie);
      await everyInstanceHeardSoFar(streams);
      expect(await sessionStatusOnEach(player.cookie)).toEqual([401, 401, 401]);
      console.info(`right after the ban answer: ${JSON.stringify(atOnce)}`);
      const submit = await request(direct(INSTANCES - 1), {
        method: 'POST',
        path: `/api/challenges/${challenge(2).id}/submit`,
        cookie: player.cookie,
        json: { flag: challenge(2).flag },
      });
      expect(submit.status).toBe(401);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('shows the same standings on every instance once the solve is announced', async () => {
    const [watcher, solver] = [cluster.players[0]!, cluster.players[5]!];
    const usernameOf = (await cluster.sql<{ username: string }>('select username from users where id = $1', [solver.id]))[0]!
      .username;
    const scoreOn = async (i: number) => {
      const answer = await request(direct(i), {
        path: `/api/leaderboard?search=${encodeURIComponent(usernameOf)}`,
        cookie: watcher.cookie,
      });
      expect(answer.status).toBe(200);
      const page = JSON.parse(answer.body) as { entries: { username: string; score: number }[] };
      return page.entries.find((e) => e.username === usernameOf)?.score;
    };
    // Every instance holds standings in memory before the solve.
    const before = await Promise.all(cluster.ports.map((_, i) => scoreOn(i)));
    expect(new Set(before).size).toBe(1);
    // One live client per instance, opened directly: its `solve` event shows that instance heard of the solve.
    const streams = await Promise.all(cluster.ports.map((_, i) => openLiveStream(direct(i), watcher.cookie)));
    try {
      const c = challenge(3);
      const startedAt = Date.now();
      const answer = await request(viaNginx(), {
        method: 'POST',
        path: `/api/challenges/${c.id}/submit`,
        cookie: solver.cookie,
        json: { flag: c.flag },
      });
      expect(answer.status).toBe(200);
      const { score } = JSON.parse(answer.body) as { score: number };
      const scores = await Promise.all(
        streams.map(async (stream, i) => {
          await stream.next((e) => e.type === 'solve' && (e.data as { userId: string }).userId === solver.id);
          // The first read after the announcement already has the new score: no cache outlives it.
          return scoreOn(i);
        }),
      );
      expect(scores).toEqual(cluster.ports.map(() => score));
      console.info(`standings agreed on ${INSTANCES} instances ${Date.now() - startedAt} ms after the solve was sent`);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
