// Fault tests with several instances behind nginx (README "Several instances"), on one PostgreSQL and one Redis:
// (a) one instance gets SIGKILL in the middle of a burst of correct flags sent through nginx: no acknowledged solve is
//     lost, none is counted twice, and the score invariant holds;
// (b) Redis is stopped for a few seconds: every instance keeps answering, rate limits are counted per instance (never
//     lifted) and the log says so; once Redis is back they are shared again and the log says that too.
// Runs with `npm run test:fault` (not in the normal suite). Redis is started again in a finally block with the machine's
// own command.
import { spawnSync } from 'node:child_process';

import { afterEach, describe, expect, it } from 'vitest';

import { SOLVABLE_PACK_CHALLENGES } from '../pack.js';
import { deriveFlag } from '../../src/modules/challenges/flags/flag-check.js';
import {
  checkClusterIntegrity,
  type Cluster,
  findNginx,
  isRedisReachable,
  redisShutdown,
  redisStart,
  startCluster,
  waitForLog,
} from '../scale/cluster.js';

import { INSTANCE_SECRET, isPostgresReachable, request, sleep, tailOf } from './fault-helpers.js';

const enabled = process.env.DRAPEAU_FAULT_TESTS === '1';
const runnable = enabled && !!findNginx() && (await isPostgresReachable()) && (await isRedisReachable());
const hasRedisCommands = spawnSync('sh', ['-c', 'command -v redis-server && command -v redis-cli']).status === 0;
const CHALLENGES = SOLVABLE_PACK_CHALLENGES.slice(0, 6).map((c) => ({ id: c.id, flag: deriveFlag(INSTANCE_SECRET, c.id) }));

describe.runIf(runnable)('several instances behind nginx', () => {
  let cluster: Cluster | undefined;
  afterEach(async () => {
    await cluster?.stop();
    cluster = undefined;
  });

  it('loses no acknowledged solve and doubles none when one instance gets SIGKILL mid-burst', async () => {
    const c = (cluster = await startCluster({ count: 3, players: 120 }));
    const acknowledged: { userId: string; challengeId: string }[] = [];
    const killAfter = 150;
    let cutOff = 0;
    let retriedAlreadySolved = 0;
    let gaveUp = 0;
    let unexpected: string[] = [];
    const submit = (cookie: string, challenge: (typeof CHALLENGES)[number]) =>
      request(c.nginx.baseUrl, {
        method: 'POST',
        path: `/api/challenges/${challenge.id}/submit`,
        cookie,
        json: { flag: challenge.flag },
        timeoutMs: 60_000,
      });
    // Every player sends the correct flag of each challenge in turn, all players at once; like a browser, a player whose
    // request got no answer (the instance died with it) sends it again once.
    const burst = Promise.all(
      c.players.map(async (player) => {
        for (const challenge of CHALLENGES) {
          for (let attempt = 1; attempt <= 2; attempt += 1) {
            const response = await submit(player.cookie, challenge).catch(() => undefined);
            if (response?.status === 200) {
              const body = JSON.parse(response.body) as { status?: string; success?: boolean };
              if (body.success === true) acknowledged.push({ userId: player.id, challengeId: challenge.id });
              else if (attempt === 2 && body.status === 'already_solved') retriedAlreadySolved += 1;
              else unexpected.push(response.body);
              break;
            }
            // 502 from nginx, or the connection cut: not acknowledged.
            cutOff += 1;
            if (attempt === 2) gaveUp += 1;
            if (response && response.status !== 502 && response.status !== 503) unexpected.push(String(response.status));
          }
        }
      }),
    );
    while (acknowledged.length < killAfter) await sleep(5);
    const victim = c.instances[1]!;
    await victim.kill('SIGKILL');
    const acknowledgedAtKill = acknowledged.length;
    await burst;
    unexpected = unexpected.slice(0, 5);
    expect(unexpected, tailOf(c.instances[0]!.logFile)).toEqual([]);
    // The burst went on through the other instances.
    expect(acknowledged.length).toBeGreaterThan(acknowledgedAtKill);

    const integrity = await checkClusterIntegrity(c.sql, acknowledged);
    console.info(
      `3 instances: ${acknowledgedAtKill} solves acknowledged at SIGKILL, ${acknowledged.length} in all; ` +
        `${cutOff} requests cut off, ${retriedAlreadySolved} retries answered already_solved; ${integrity.solveCount} solves`,
    );
    expect(integrity.missing, 'acknowledged solves missing').toEqual([]);
    expect(integrity.doubledSolves).toBe(0);
    expect(integrity.scoreMismatches).toBe(0);
    // Every other solve in the database was cut off with its instance (answered `already_solved` on retry, or not at all).
    expect(integrity.solveCount).toBeLessThanOrEqual(acknowledged.length + retriedAlreadySolved + gaveUp);

    // The killed instance comes back on the same database and agrees.
    const restarted = await c.restart(1);
    const again = await request(restarted.baseUrl, {
      method: 'POST',
      path: `/api/challenges/${acknowledged[0]!.challengeId}/submit`,
      cookie: c.players.find((p) => p.id === acknowledged[0]!.userId)!.cookie,
      json: { flag: CHALLENGES.find((ch) => ch.id === acknowledged[0]!.challengeId)!.flag },
    });
    expect(JSON.parse(again.body)).toMatchObject({ success: false, status: 'already_solved' });
  });

  it.runIf(hasRedisCommands)('keeps serving with per-instance limits while Redis is stopped, and shares them again', async () => {
    const limit = 5;
    const c = (cluster = await startCluster({
      count: 2,
      players: 4,
      env: { SUBMISSION_RATE_LIMIT: String(limit), LOG_LEVEL: 'info' },
    }));
    const wrongFlags = async (cookie: string, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const answer = await request(c.nginx.baseUrl, {
          method: 'POST',
          path: `/api/challenges/${CHALLENGES[0]!.id}/submit`,
          cookie,
          json: { flag: `CTF{nope_${i}}` },
        });
        statuses.push(answer.status);
      }
      return { ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length, statuses };
    };
    // Shared: two instances, one budget.
    expect(await wrongFlags(c.players[0]!.cookie, 2 * limit + 2)).toMatchObject({ ok: limit, limited: limit + 2 });

    redisShutdown();
    try {
      for (const instance of c.instances) await waitForLog(instance.logFile, 'Redis unreachable');
      // Still serving: health, the leaderboard, a correct flag, a sign-in attempt (per-address limit), wrong flags.
      for (const instance of c.instances) {
        expect((await request(instance.baseUrl, { path: '/api/health' })).status).toBe(200);
      }
      const board = await request(c.nginx.baseUrl, { path: '/api/leaderboard', cookie: c.players[1]!.cookie });
      expect(board.status).toBe(200);
      const solve = await request(c.nginx.baseUrl, {
        method: 'POST',
        path: `/api/challenges/${CHALLENGES[1]!.id}/submit`,
        cookie: c.players[1]!.cookie,
        json: { flag: CHALLENGES[1]!.flag },
      });
      expect(JSON.parse(solve.body)).toMatchObject({ success: true });
      const login = await request(c.nginx.baseUrl, {
        method: 'POST',
        path: '/api/auth/login',
        json: { email: 'nobody@scale.invalid', password: 'not-the-password' },
      });
      expect(login.status).toBe(401);
      // Per instance: each of the two counts its own budget, neither lets more through.
      const whileDown = await wrongFlags(c.players[2]!.cookie, 2 * limit + 2);
      expect(whileDown).toMatchObject({ ok: 2 * limit, limited: 2 });
      expect(whileDown.statuses.filter((s) => s >= 500)).toEqual([]);
    } finally {
      if (!(await isRedisReachable())) redisStart();
    }
    for (const instance of c.instances) await waitForLog(instance.logFile, 'Redis reachable again');
    // Shared again.
    expect(await wrongFlags(c.players[3]!.cookie, 2 * limit + 2)).toMatchObject({ ok: limit, limited: limit + 2 });
  });
});
