import type { Scoring } from '@drapeau/shared';

import {
  adjustmentOwner,
  challengeValue,
  compareSolves,
  hintKey,
  type LedgerAdjustment,
  type LedgerFacts,
  type LedgerHint,
  type LedgerSolve,
  type LedgerStanding,
  type StandingKind,
} from './ledger.js';

const KINDS: readonly StandingKind[] = ['players', 'teams'];

/** A solve as held: its points as counted now, and the standings it counts for, found once. */
interface HeldSolve {
  solve: LedgerSolve;
  points: number;
  hintKey: string;
  player: LedgerStanding;
  /** Its team's standing, or in solo mode the player's own one among the teams' (each player is their own team). */
  team: LedgerStanding;
}

/**
 * The ledger's facts held in memory with every standing's live numbers kept current (docs/architecture.md, "Scoring
 * ledger"): a new solve rescores only its own challenge's solves (a dynamic value moves for all of them), in
 * O(solvers of that challenge); a hint, only its challenge's; the first-blood bonus, each challenge's first solve. It
 * always equals ledger.ts's computeStandings over the same facts (live-ledger.test.ts).
 */
export function createLiveLedger(initial: LedgerFacts) {
  const scoring = new Map<string, Scoring>(initial.scoring);
  let bonus = initial.firstBloodBonus;
  const byChallenge = new Map<string, HeldSolve[]>();
  const held = new Map<number, HeldSolve>();
  const hintCosts = new Map<string, number>();
  const hints: LedgerHint[] = [];
  /** The same openings by challenge, for the facts of one challenge (the answer to a flag). */
  const hintsByChallenge = new Map<string, LedgerHint[]>();
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

  /**
   * Sets each solve of the challenge to what it gives now, moving its standings by the difference: the value is
   * computed once, so that a dynamic challenge of thousands of solvers costs a pass over plain numbers.
   */
  const rescoreChallenge = (challengeId: string) => {
    const list = byChallenge.get(challengeId);
    if (!list) return;
    const challengeScoring = scoring.get(challengeId);
    const value = challengeScoring ? challengeValue(challengeScoring, list.length) : 0;
    for (let i = 0; i < list.length; i += 1) {
      const solve = list[i]!;
      const points = challengeScoring ? Math.max(0, value - (hintCosts.get(solve.hintKey) ?? 0)) + (i === 0 ? bonus : 0) : 0;
      const delta = points - solve.points;
      if (delta === 0) continue;
      solve.points = points;
      solve.player.score += delta;
      solve.team.score += delta;
    }
  };

  const insertSolve = (solve: LedgerSolve): boolean => {
    if (held.has(solve.id)) return false;
    const holding: HeldSolve = {
      solve,
      points: 0,
      hintKey: hintKey(solve, solve.challengeId),
      player: entry('players', solve.userId),
      team: entry('teams', solve.teamId ?? solve.userId),
    };
    held.set(solve.id, holding);
    let list = byChallenge.get(solve.challengeId);
    if (!list) byChallenge.set(solve.challengeId, (list = []));
    // Solves arrive almost always in order: find the place from the end.
    let at = list.length;
    while (at > 0 && compareSolves(list[at - 1]!.solve, solve) > 0) at -= 1;
    list.splice(at, 0, holding);
    for (const standing of [holding.player, holding.team]) {
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
    const ofChallenge = hintsByChallenge.get(hint.challengeId);
    if (ofChallenge) ofChallenge.push(hint);
    else hintsByChallenge.set(hint.challengeId, [hint]);
    hintCosts.set(key, (hintCosts.get(key) ?? 0) + hint.cost);
    return true;
  };

  // In order first: each insertion then appends (the facts come in the database's order, not the solves' times).
  for (const solve of [...initial.solves].sort(compareSolves)) insertSolve(solve);
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
    pointsOfSolve: (id: number): number => held.get(id)?.points ?? 0,
    /** The facts of one challenge alone (its solves and the hints opened on it), to value a solve about to count. */
    challengeFacts(challengeId: string): LedgerFacts {
      return {
        scoring,
        solves: (byChallenge.get(challengeId) ?? []).map((holding) => holding.solve),
        hints: hintsByChallenge.get(challengeId) ?? [],
        adjustments: [],
        firstBloodBonus: bonus,
      };
    },
    /** The facts a change of the catalogue may rewrite: the values' parameters and the costly hints opened. */
    catalogueFacts: (): { scoring: ReadonlyMap<string, Scoring>; hints: readonly LedgerHint[] } => ({ scoring, hints }),
    /** The facts as held, for the computations over a window (the freeze, an event). */
    facts(): LedgerFacts {
      if (factsCache?.version !== version) {
        const solves: LedgerSolve[] = [];
        for (const list of byChallenge.values()) for (const holding of list) solves.push(holding.solve);
        factsCache = { version, facts: { scoring, solves, hints: [...hints], adjustments, firstBloodBonus: bonus } };
      }
      return factsCache.facts;
    },
    /** Moves at each change: what is computed from the facts is kept until it moves. */
    version: (): number => version,
  };
}

export type LiveLedger = ReturnType<typeof createLiveLedger>;
