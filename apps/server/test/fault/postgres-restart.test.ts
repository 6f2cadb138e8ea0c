// Fault test (b): the local PostgreSQL is stopped and started again (pg_ctlcluster) while the server is under load.
// Meanwhile the server answers 503 SERVICE_UNAVAILABLE (never 500, never a dropped connection), stays up, and recovers
// by itself afterwards, live events included. It stops the shared PostgreSQL: `npm run test:fault` runs it last, alone,
// and PostgreSQL is started again in a finally block whatever happens.
import { afterAll, describe, expect, it } from 'vitest';

import { SOLVABLE_PACK_CHALLENGES } from '../pack.js';
import { deriveFlag } from '../../src/modules/challenges/flags/flag-check.js';
import { openLiveStream } from '../scale/cluster.js';

import {
  cookieOf,
  createStore,
  INSTANCE_SECRET,
  isPostgresReachable,
  request,
  type Response,
  seedPlayers,
  sleep,
  startServer,
  type Store,
  tailOf,
} from './fault-helpers.js';
import { localCluster, pgCtlCluster, waitForPostgres } from './fault-postgres-cluster.js';

const PLAYERS = 40;
const enabled = process.env.DRAPEAU_FAULT_TESTS === '1';
const cluster = enabled ? localCluster() : undefined;
const runnable = enabled && cluster !== undefined && (await isPostgresReachable());

interface Observation {
  at: number;
  /** When the request was sent: what follows the recovery is judged by this, not by when a slow answer came. */
  sentAt: number;
  route: string;
  status: number | 'no answer';
  body?: string;
  retryAfter?: string | undefined;
}

describe.skipIf(!runnable)('PostgreSQL stopped and restarted under load', () => {
  let store: Store | undefined;
  afterAll(async () => {
    await store?.destroy();
  });

  it('answers 503 SERVICE_UNAVAILABLE meanwhile, stays up and recovers by itself', async () => {
    store = await createStore('postgres');
    await seedPlayers(store, PLAYERS);
    const server = await startServer(store);
    const observations: Observation[] = [];
    let loading = true;

    // Load: readiness (a query), wrong flags (a write) and the leaderboard (memory), from every player, continuously.
    const routes = [
      { route: 'ready', send: () => request(server.baseUrl, { path: '/api/ready', timeoutMs: 20_000 }) },
      {
        route: 'wrong flag',
        send: (player: number) =>
          request(server.baseUrl, {
            method: 'POST',
            path: `/api/challenges/${SOLVABLE_PACK_CHALLENGES[0]!.id}/submit`,
            cookie: cookieOf(player),
            json: { flag: 'CTF{wrong}' },
            timeoutMs: 20_000,
          }),
      },
      {
        route: 'leaderboard',
        send: (player: number) =>
          request(server.baseUrl, { path: '/api/leaderboard', cookie: cookieOf(player), timeoutMs: 20_000 }),
      },
    ];
    const workers = Array.from({ length: 12 }, async (_, w) => {
      for (let n = 0; loading; n += 1) {
        const { route, send } = routes[(w + n) % routes.length]!;
        const player = ((w * 7 + n) % PLAYERS) + 1;
        let response: Response | undefined;
        const sentAt = Date.now();
        try {
          response = await send(player);
        } catch {
          response = undefined;
        }
        observations.push({
          at: Date.now(),
          sentAt,
          route,
          status: response?.status ?? 'no answer',
          ...(response && response.status !== 200 ? { body: response.body, retryAfter: response.headers['retry-after'] } : {}),
        });
        await sleep(20);
      }
    });

    let stoppedAt = 0;
    let startedAt = 0;
    try {
      await sleep(1500);
      stoppedAt = Date.now();
      pgCtlCluster(cluster!, 'stop');
      await sleep(4000);
    } finally {
      // Whatever happened above, the shared PostgreSQL comes back.
      pgCtlCluster(cluster!, 'start');
      startedAt = Date.now();
      await waitForPostgres();
    }

    // Recovery by itself: no restart of the server, no request from the test other than the load.
    let recoveredAt = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const recent = observations.filter((o) => o.at > startedAt + 200 && o.route === 'ready');
      if (recent.some((o) => o.status === 200)) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    await sleep(1500);
    loading = false;
    await Promise.all(workers);

    const log = tailOf(server.logFile);
    const tally = (list: Observation[]) =>
      JSON.stringify(
        Object.fromEntries(
          routes.map(({ route }) => [
            route,
            list
              .filter((o) => o.route === route)
              .map((o) => o.status)
              .join(',')
              .replace(/(\d+)(,\1)+/g, (m, s: string) => `${s}×${m.split(',').length}`),
          ]),
        ),
      );
    console.info(
      `PostgreSQL down ${startedAt - stoppedAt} ms; recovered ${recoveredAt - startedAt} ms after its start; ` +
        `answers while down: ${tally(observations.filter((o) => o.at > stoppedAt && o.at < startedAt))}`,
    );
    expect(server.isRunning(), `the server process died:\n${log}`).toBe(true);
    expect(recoveredAt, `no 200 from /api/ready within 30 s of the restart:\n${log}`).toBeGreaterThan(0);

    const during = observations.filter((o) => o.at > stoppedAt + 500 && o.at < startedAt);
    const unexpected = observations.filter((o) => o.status !== 200 && o.status !== 503);
    expect(unexpected, 'only 200 and 503 are expected').toEqual([]);
    expect(
      during.filter((o) => o.route === 'ready' && o.status === 503).length,
      'ready says 503 while PostgreSQL is down',
    ).toBeGreaterThan(0);
    for (const o of observations.filter((x) => x.status === 503)) {
      expect(JSON.parse(o.body ?? '{}')).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(o.retryAfter).toBeDefined();
    }
    const after = observations.filter((o) => o.sentAt > recoveredAt + 500);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 200)).toBe(true);

    // Writes and live events work again: a correct flag is accepted and its event reaches an open stream.
    // Registered on the server once its 200 is here: no wait for a guessed time.
    const events = await openLiveStream(server.baseUrl, cookieOf(2));
    try {
      const challenge = SOLVABLE_PACK_CHALLENGES[1]!;
      const solved = await request(server.baseUrl, {
        method: 'POST',
        path: `/api/challenges/${challenge.id}/submit`,
        cookie: cookieOf(1),
        json: { flag: deriveFlag(INSTANCE_SECRET, challenge.id) },
      });
      expect(solved.status, solved.body).toBe(200);
      expect(JSON.parse(solved.body)).toMatchObject({ status: 'correct' });
      // The solve event after the restart (LISTEN/NOTIFY reconnected); the bound only ends a broken run.
      await events.next((e) => e.type === 'solve' && (e.data as { challengeId: string }).challengeId === challenge.id);
    } finally {
      events.close();
      await server.kill('SIGTERM');
    }
  });
});
