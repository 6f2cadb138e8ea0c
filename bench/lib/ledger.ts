// The scoring ledger's figure (docs/performance.md "Scoring ledger"; issue #35: at 10,000 players and 100,000 solves the
// ledger builds in under 3 s and holds under 100 MB). No server and no database: the facts the server reads at start
// (solves, hint openings, adjustments) are made in memory with the seed's skew, on dynamic challenges, and the server's
// own ledger code is measured on them in this process. The cold start on a seeded database, which includes reading
// those facts, is the live figure's (`--only=live`).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { Scoring } from '@drapeau/shared';

import type { LedgerFacts, LedgerSolve } from '../../apps/server/src/modules/scoring/ledger.js';
import { createLiveLedger } from '../../apps/server/src/modules/scoring/live-ledger.js';

import { solveTargets } from './seed.js';

const CHALLENGES = 30;

export interface LedgerFigure {
  users: number;
  solves: number;
  /** Building the ledger from the facts (what a start and a reload do after reading them). */
  buildMs: number;
  /** The heap the facts and the ledger hold, measured after a full collection. */
  heapMb: number;
  /** One more correct flag on the most solved dynamic challenge: every solver's points change (p50 over 200). */
  dynamicSolveMicros: { solvers: number; p50: number; p99: number };
}

/** A full collection, so that the heap measured is what is still held. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function factsOf(users: number, solves: number): LedgerFacts {
  const scoring = new Map<string, Scoring>();
  const list: LedgerSolve[] = [];
  const start = Date.parse('2026-11-01T00:00:00Z');
  let id = 0;
  solveTargets(CHALLENGES, users, solves).forEach((solvers, c) => {
    const challengeId = `challenge-${String(c).padStart(2, '0')}`;
    scoring.set(challengeId, { type: 'dynamic', initial: 500, decay: 20, minimum: 100, function: 'logarithmic' });
    // Times spread over a month, not in the order of the ids: a database gives the facts in its own order.
    for (let u = 0; u < solvers; u += 1)
      list.push({ id: ++id, userId: `user-${u}`, teamId: null, challengeId, solvedAt: start + ((id * 7919) % 2_592_000) * 1000 });
  });
  const hints = list
    .filter((solve) => solve.id % 10 === 0)
    .map((solve) => ({ userId: solve.userId, teamId: null, challengeId: solve.challengeId, cost: 10, hintId: solve.id }));
  const adjustments = Array.from({ length: 100 }, (_, i) => ({ userId: `user-${i}`, teamId: null, delta: 5, at: start }));
  return { scoring, solves: list, hints, adjustments, firstBloodBonus: 10 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export function measureLedger(users: number, solves: number): LedgerFigure {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  let facts: LedgerFacts | undefined = factsOf(users, solves);
  const target = 'challenge-00';
  const solversBefore = facts.solves.filter((solve) => solve.challengeId === target).length;
  const started = performance.now();
  const ledger = createLiveLedger(facts);
  const buildMs = performance.now() - started;
  if (ledger.standings('players').size === 0) throw new Error('the ledger holds no standing');
  facts = undefined; // the server keeps only the ledger
  collectGarbage();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

  const times: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const solveStarted = performance.now();
    ledger.addSolve({ id: 10_000_000 + i, userId: `late-${i}`, teamId: null, challengeId: target, solvedAt: Date.now() });
    times.push((performance.now() - solveStarted) * 1000);
  }
  times.sort((a, b) => a - b);
  return {
    users,
    solves,
    buildMs,
    heapMb,
    dynamicSolveMicros: { solvers: solversBefore, p50: percentile(times, 0.5), p99: percentile(times, 0.99) },
  };
}

export function renderLedger(figure: LedgerFigure): string {
  return [
    `scoring ledger, ${figure.users} players and ${figure.solves} solves (dynamic challenges):`,
    `  built in ${figure.buildMs.toFixed(0)} ms (goal: cold start under 3 s), ` +
      `${figure.heapMb.toFixed(1)} MB of heap (goal: under 100 MB)`,
    `  a correct flag on a dynamic challenge of ${figure.dynamicSolveMicros.solvers} solvers: ` +
      `p50 ${figure.dynamicSolveMicros.p50.toFixed(0)} µs, p99 ${figure.dynamicSolveMicros.p99.toFixed(0)} µs in the ledger`,
  ].join('\n');
}
