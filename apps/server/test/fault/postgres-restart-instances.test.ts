// Fault test: the local PostgreSQL is stopped and started again while two instances behind nginx are under load. Every
// answer through nginx is 200 or 503 SERVICE_UNAVAILABLE (never 500), both processes stay up, each instance recovers by
// itself (its readiness 200 again, asked directly), and a solve afterwards reaches a live client of each instance (both
// LISTEN connections came back). It stops the shared PostgreSQL: `npm run test:fault` runs it after the other files, and
// PostgreSQL is started again in a finally block whatever happens.
import { afterAll, describe, expect, it } from 'vitest';

import { SOLVABLE_PACK_CHALLENGES } from '../pack.js';
import { deriveFlag } from '../../src/modules/challenges/flags/flag-check.js';
import { type Cluster, findNginx, isRedisReachable, openLiveStream, startCluster } from '../scale/cluster.js';

import { INSTANCE_SECRET, isPostgresReachable, request, sleep, tailOf } from './fault-helpers.js';
import { localCluster, pgCtlCluster, waitForPostgres } from './fault-postgres-cluster.js';

// Not in CI yet (issue #19): in one run of two, nginx answered 502 for a few requests while PostgreSQL restarted, which
// the test rightly refuses; the cause (an instance closing its upstream connections?) is not found. Run it with
// DRAPEAU_FAULT_PG_RESTART_INSTANCES=1.
const enabled = process.env.DRAPEAU_FAULT_TESTS === '1' && process.env.DRAPEAU_FAULT_PG_RESTART_INSTANCES === '1';
const pgCluster = enabled ? localCluster() : undefined;
const runnable =
  enabled && pgCluster !== undefined && !!findNginx() && (await isPostgresReachable()) && (await isRedisReachable());

describe.runIf(runnable)('PostgreSQL restarted under load with two instances behind nginx', () => {
  let cluster: Cluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });

  it('answers 503 meanwhile and every instance recovers by itself', async () => {
    const c = (cluster = await startCluster({ count: 2, players: 20 }));
    const statuses: { at: number; status: number | 'no answer'; body: string }[] = [];
    let loading = true;
    const challenge = SOLVABLE_PACK_CHALLENGES[0]!;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let n = 0; loading; n += 1) {
        const player = c.players[(w + n) % c.players.length]!;
        const send =
          n % 2 === 0
            ? request(c.nginx.baseUrl, { path: '/api/leaderboard', cookie: player.cookie, timeoutMs: 30_000 })
            : request(c.nginx.baseUrl, {
                method: 'POST',
                path: `/api/challenges/${challenge.id}/submit`,
                cookie: player.cookie,
                json: { flag: 'CTF{wrong}' },
                timeoutMs: 30_000,
              });
        const response = await send.catch(() => undefined);
        statuses.push({ at: Date.now(), status: response?.status ?? 'no answer', body: response?.body ?? '' });
        await sleep(20);
      }
    });

    // A fixed number of answers before the stop, not a time.
    while (statuses.length < 100) await sleep(20);
    let startedAt = 0;
    try {
      pgCtlCluster(pgCluster!, 'stop');
      const stoppedAt = statuses.length;
      while (statuses.length < stoppedAt + 100) await sleep(20);
    } finally {
      pgCtlCluster(pgCluster!, 'start');
      await waitForPostgres(120_000);
      startedAt = Date.now();
    }

    // Each instance, asked directly, is ready again without a restart.
    for (const instance of c.instances) {
      let ready = false;
      for (const deadline = Date.now() + 120_000; !ready && Date.now() < deadline;) {
        ready = (await request(instance.baseUrl, { path: '/api/ready' }).catch(() => undefined))?.status === 200;
        if (!ready) await sleep(100);
      }
      expect(ready, tailOf(instance.logFile)).toBe(true);
      expect(instance.isRunning()).toBe(true);
    }
    const recovered = statuses.length;
    while (statuses.length < recovered + 100) await sleep(20);
    loading = false;
    await Promise.all(workers);

    const unexpected = statuses.filter((s) => s.status !== 200 && s.status !== 503).slice(0, 5);
    // nginx's error log says why it answered 502 (refused, reset or closed upstream connection), and the instances' logs
    // what they were doing then.
    const logs = [`nginx:\n${tailOf(`${c.nginx.dir}/error.log`)}`, ...c.instances.map((i) => tailOf(i.logFile))].join('\n');
    expect(unexpected, `only 200 and 503 through nginx\n${logs}`).toEqual([]);
    for (const s of statuses.filter((x) => x.status === 503)) {
      expect(JSON.parse(s.body || '{}')).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    expect(statuses.slice(recovered + 50).every((s) => s.status === 200)).toBe(true);
    console.info(`${statuses.filter((s) => s.status === 503).length} answers 503; recovered after ${Date.now() - startedAt} ms`);

    // Live events cross instances again: a solve reaches a client of each instance.
    const streams = await Promise.all(c.instances.map((i) => openLiveStream(i.baseUrl, c.players[0]!.cookie)));
    try {
      const solver = c.players[1]!;
      const solved = await request(c.nginx.baseUrl, {
        method: 'POST',
        path: `/api/challenges/${SOLVABLE_PACK_CHALLENGES[1]!.id}/submit`,
        cookie: solver.cookie,
        json: { flag: deriveFlag(INSTANCE_SECRET, SOLVABLE_PACK_CHALLENGES[1]!.id) },
      });
      expect(JSON.parse(solved.body)).toMatchObject({ status: 'correct' });
      await Promise.all(
        streams.map((s) => s.next((e) => e.type === 'solve' && (e.data as { userId: string }).userId === solver.id)),
      );
    } finally {
      for (const s of streams) s.close();
    }
  });
});
