// Fault test (a): the server process is killed with SIGKILL in the middle of a burst of correct flags, then restarted on
// the same data. Every solve answered as a success must be there, none twice (scores are derived from the solves: nothing stored to disagree).
// Runs with `npm run test:fault` (test/fault/vitest.config.ts), not in the normal suite.
import { afterAll, describe, expect, it } from 'vitest';

import { SOLVABLE_PACK_CHALLENGES } from '../pack.js';
import { deriveFlag } from '../../src/modules/challenges/flags/flag-check.js';

import {
  checkIntegrity,
  cookieOf,
  createStore,
  INSTANCE_SECRET,
  isPostgresReachable,
  request,
  seedPlayers,
  startServer,
  type Store,
  tailOf,
} from './fault-helpers.js';

const PLAYERS = 120;
const CHALLENGES = SOLVABLE_PACK_CHALLENGES.slice(0, 6).map((c) => ({ id: c.id, flag: deriveFlag(INSTANCE_SECRET, c.id) }));
/** SIGKILL once this many solves have been acknowledged (with many more in flight). */
const KILL_AFTER = 150;

const enabled = process.env.DRAPEAU_FAULT_TESTS === '1';
const postgres = enabled && (await isPostgresReachable());

async function killDuringBurst(store: Store): Promise<void> {
  await seedPlayers(store, PLAYERS);
  const server = await startServer(store);
  const acknowledged: { player: number; challengeId: string }[] = [];
  let killed = false;
  let lostInFlight = 0;
  let otherAnswers = 0;

  // Every player submits the correct flag of each challenge, one after the other; all players at once.
  const players = Array.from({ length: PLAYERS }, (_, i) => i + 1);
  const burst = Promise.all(
    players.map(async (player) => {
      for (const challenge of CHALLENGES) {
        if (killed) return;
        try {
          const response = await request(server.baseUrl, {
            method: 'POST',
            path: `/api/challenges/${challenge.id}/submit`,
            cookie: cookieOf(player),
            json: { flag: challenge.flag },
          });
          const body = JSON.parse(response.body) as { status?: string };
          if (response.status === 200 && body.status === 'correct') acknowledged.push({ player, challengeId: challenge.id });
          else otherAnswers += 1;
        } catch {
          lostInFlight += 1;
          return;
        }
      }
    }),
  );
  while (acknowledged.length < KILL_AFTER && server.isRunning()) await new Promise((resolve) => setTimeout(resolve, 5));
  killed = true;
  await server.kill('SIGKILL');
  await burst;
  const acknowledgedAtKill = acknowledged.length;
  expect(acknowledgedAtKill, tailOf(server.logFile)).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(otherAnswers).toBe(0);
  // The kill landed in the middle of the burst: requests were in flight and got no answer.
  expect(lostInFlight).toBeGreaterThan(0);

  // Restart on the same data: it comes up, and an acknowledged solve is not counted again.
  const restarted = await startServer(store);
  try {
    const first = acknowledged[0]!;
    const again = await request(restarted.baseUrl, {
      method: 'POST',
      path: `/api/challenges/${first.challengeId}/submit`,
      cookie: cookieOf(first.player),
      json: { flag: CHALLENGES.find((c) => c.id === first.challengeId)!.flag },
    });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ success: false, status: 'already_solved' });
    const board = await request(restarted.baseUrl, { path: '/api/leaderboard', cookie: cookieOf(1) });
    expect(board.status).toBe(200);
  } finally {
    await restarted.kill('SIGTERM');
  }

  const integrity = await checkIntegrity(store, acknowledged);
  console.info(
    `${store.kind}: ${acknowledgedAtKill} solves acknowledged before SIGKILL, ${lostInFlight} requests cut off; ` +
      `${integrity.solveCount} solves after the restart`,
  );
  expect(integrity.missing, 'acknowledged solves missing after the restart').toEqual([]);
  expect(integrity.doubledSolves).toBe(0);
  expect(integrity.scoreMismatches).toBe(0);
  expect(integrity.solveCount).toBeGreaterThanOrEqual(acknowledgedAtKill);
}

describe.skipIf(!enabled)('SIGKILL in the middle of a burst of correct submissions', () => {
  const stores: Store[] = [];
  afterAll(async () => {
    for (const store of stores) await store.destroy();
  });

  it('keeps every acknowledged solve on PGlite (DATA_DIR)', async () => {
    const store = await createStore('pglite');
    stores.push(store);
    await killDuringBurst(store);
  });

  it.skipIf(!postgres)('keeps every acknowledged solve on PostgreSQL', async () => {
    const store = await createStore('postgres');
    stores.push(store);
    await killDuringBurst(store);
  });
});
