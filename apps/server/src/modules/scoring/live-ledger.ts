import type { Scoring } from '@drapeau/shared';

import {
  adjustmentOwner,
  compareSolves,
  hintKey,
  type LedgerAdjustment,
  type LedgerFacts,
  type LedgerHint,
  type LedgerSolve,
  type LedgerStanding,
  solvePoints,
  type StandingKind,
} from './ledger.js';

const KINDS: readonly StandingKind[] = ['players', 'teams'];

/**
 * The ledger's facts held in memory with every standing's live numbers kept current (docs/architecture.md, "Scoring
 * ledger"): a new solve rescores only its own challenge's solves (a dynamic value moves for all of them), in
 * O(solvers of that challenge); a hint, only its challenge's; the first-blood bonus, each challenge's first solve. It
 * always equals ledger.ts's computeStandings over the same facts (live-ledger.test.ts).
 */
export function createLiveLedger(initial: LedgerFacts) {
  const scoring = new Map<string, Scoring>(initial.scoring);
  let bonus = initial.firstBloodBonus;
  const byChallenge = new Map<string, LedgerSolve[]>();
  const solveIds = new Set<number>();
  /** Each solve's points as counted now. */
  const pointsOf = new Map<number, number>();
  const hintCosts = new Map<string, number>();
  const hints: LedgerHint[] = [];
  let adjustments: LedgerAdjustment[] = [];
  const standings: Record<StandingKind, Map<string, LedgerStanding>> = { players: new Map(), teams: new Map() };
  let version = 0;
  let factsCache: { version: number; facts: LedgerFacts } | undefined;

  const entry = (kind: StandingKind, id: string): LedgerStanding => {
    let standing = standings[kind].get(id);
    if (!standing) {
      standing = { id, score: 0, solvedCount: 0, reachedAt: null, lastSolveAt: null };
      standings[kind].set(id, standing);
    }
    return standing;
  };
  const ownersOf = (solve: LedgerSolve): [StandingKind, string][] =>
    solve.teamId === null
      ? [
          ['players', solve.userId],
          ['teams', solve.userId],
        ]
      : [
          ['players', solve.userId],
          ['teams', solve.teamId],
        ];

  /** Sets each solve of the challenge to what it gives now, moving its standings by the difference. */
  const rescoreChallenge = (challengeId: string) => {
    const list = byChallenge.get(challengeId);
    if (!list) return;
    const first = list[0];
    for (const solve of list) {
      const points = solvePoints({
        scoring: scoring.get(challengeId),
        solveCount: list.length,
        hintCosts: hintCosts.get(hintKey(solve, challengeId)) ?? 0,
        isFirstBlood: solve === first,
        firstBloodBonus: bonus,
      });
      const delta = points - (pointsOf.get(solve.id) ?? 0);
      if (delta === 0) continue;
      pointsOf.set(solve.id, points);
      for (const [kind, id] of ownersOf(solve)) entry(kind, id).score += delta;
    }
  };

  const insertSolve = (solve: LedgerSolve): boolean => {
    if (solveIds.has(solve.id)) return false;
    solveIds.add(solve.id);
    let list = byChallenge.get(solve.challengeId);
    if (!list) byChallenge.set(solve.challengeId, (list = []));
    // Solves arrive almost always in order: find the place from the end.
    let at = list.length;
    while (at > 0 && compareSolves(list[at - 1]!, solve) > 0) at -= 1;
    list.splice(at, 0, solve);
    pointsOf.set(solve.id, 0);
    for (const [kind, id] of ownersOf(solve)) {
      const standing = entry(kind, id);
      standing.solvedCount += 1;
      standing.lastSolveAt = Math.max(standing.lastSolveAt ?? solve.solvedAt, solve.solvedAt);
      standing.reachedAt = Math.max(standing.reachedAt ?? solve.solvedAt, solve.solvedAt);
    }
    return true;
  };

  const applyAdjustment = (adjustment: LedgerAdjustment, sign: 1 | -1) => {
    for (const kind of KINDS) {
      const id = adjustmentOwner(adjustment, kind);
      if (id === null) continue;
      const standing = entry(kind, id);
      standing.score += sign * adjustment.delta;
      if (sign === 1 && adjustment.delta !== 0) {
        standing.reachedAt = Math.max(standing.reachedAt ?? adjustment.at, adjustment.at);
      }
    }
  };

  /** The openings held (owner and hint), so that one read with the facts and heard of on the bus counts once. */
  const openings = new Set<string>();
  const insertHint = (hint: LedgerHint): boolean => {
    const key = hintKey(hint, hint.challengeId);
    if (hint.hintId !== undefined) {
      const opening = `${key}|${hint.hintId}`;
      if (openings.has(opening)) return false;
      openings.add(opening);
    }
    hints.push(hint);
    hintCosts.set(key, (hintCosts.get(key) ?? 0) + hint.cost);
    return true;
  };

  for (const solve of initial.solves) insertSolve(solve);
  for (const hint of initial.hints) insertHint(hint);
  for (const challengeId of byChallenge.keys()) rescoreChallenge(challengeId);
  adjustments = [...initial.adjustments];
  for (const adjustment of adjustments) applyAdjustment(adjustment, 1);

  return {
    /** Counts a solve (once: a solve already held is ignored). Returns whether it was new. */
    addSolve(solve: LedgerSolve): boolean {
      if (!insertSolve(solve)) return false;
      rescoreChallenge(solve.challengeId);
      version += 1;
      return true;
    },
    /**
     * Counts a hint opened (its cost comes off its owner's solve of the challenge, now or when they solve it), once: an
     * opening already held is ignored. Returns whether it was new.
     */
    addHint(hint: LedgerHint): boolean {
      if (!insertHint(hint)) return false;
      rescoreChallenge(hint.challengeId);
      version += 1;
      return true;
    },
    /** docs/product.md#first-blood: a change of the bonus is retroactive. */
    setFirstBloodBonus(next: number): void {
      if (next === bonus) return;
      bonus = next;
      for (const challengeId of byChallenge.keys()) rescoreChallenge(challengeId);
      version += 1;
    },
    /** Replaces every adjustment (an admin's change: they are few). */
    setAdjustments(next: readonly LedgerAdjustment[]): void {
      for (const adjustment of adjustments) applyAdjustment(adjustment, -1);
      adjustments = [...next];
      for (const adjustment of adjustments) applyAdjustment(adjustment, 1);
      version += 1;
    },
    standing: (kind: StandingKind, id: string): LedgerStanding | undefined => standings[kind].get(id),
    standings: (kind: StandingKind): ReadonlyMap<string, LedgerStanding> => standings[kind],
    /** What a solve counts now (first-blood bonus included). */
    pointsOfSolve: (id: number): number => pointsOf.get(id) ?? 0,
    solvesOf: (challengeId: string): readonly LedgerSolve[] => byChallenge.get(challengeId) ?? [],
    /** The facts as held, for the computations over a window (the freeze, an event). */
    facts(): LedgerFacts {
      if (factsCache?.version !== version) {
        const solves: LedgerSolve[] = [];
        for (const list of byChallenge.values()) for (const solve of list) solves.push(solve);
        factsCache = { version, facts: { scoring, solves, hints: [...hints], adjustments, firstBloodBonus: bonus } };
      }
      return factsCache.facts;
    },
    /** Moves at each change: what is computed from the facts is kept until it moves. */
    version: (): number => version,
  };
}

export type LiveLedger = ReturnType<typeof createLiveLedger>;
