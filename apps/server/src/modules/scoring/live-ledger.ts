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
  /** Each player's solves, for the answer to a flag (their other solves of its challenge, for another team). */
  const byPlayer = new Map<string, HeldSolve[]>();
  const held = new Map<number, HeldSolve>();
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

  /**
   * Sets each solve of the challenge to what it gives now, moving its standings by the difference: the value is
   * computed once, so that a dynamic challenge of thousands of solvers costs a pass over plain numbers.
   */
  const rescoreChallenge = (challengeId: string) => {
    const list = byChallenge.get(challengeId);
    if (!list) return;
    const challengeScoring = scoring.get(challengeId);
    const value = challengeScoring ? challengeValue(challengeScoring, list.length) : 0;
    for (let i = 0; i < list.length; i += 1) rescore(list[i]!, challengeScoring, value, i === 0);
  };
  /** Sets a held solve to what it gives now, moving its standings by the difference. */
  const rescore = (solve: HeldSolve, challengeScoring: Scoring | undefined, value: number, isFirst: boolean) => {
    const points = challengeScoring ? Math.max(0, value - (hintCosts.get(solve.hintKey) ?? 0)) + (isFirst ? bonus : 0) : 0;
    const delta = points - solve.points;
    if (delta === 0) return;
    solve.points = points;
    solve.player.score += delta;
    solve.team.score += delta;
  };
  /**
   * After a solve was placed at `at` in its challenge's list: a dynamic value moves for every solve of it; a static one
   * moves only the new solve and, when it came first, the first blood's bonus from the solve after it.
   */
  const rescoreAfterInsert = (challengeId: string, at: number) => {
    const challengeScoring = scoring.get(challengeId);
    if (challengeScoring?.type === 'dynamic') return rescoreChallenge(challengeId);
    const list = byChallenge.get(challengeId)!;
    const value = challengeScoring ? challengeValue(challengeScoring, list.length) : 0;
    rescore(list[at]!, challengeScoring, value, at === 0);
    if (at === 0 && list.length > 1) rescore(list[1]!, challengeScoring, value, false);
  };

  /**
   * One copy of each id the solves name: a player's id comes once per solve from the database, a challenge's thousands of
   * times; held once, the ledger of 100,000 solves is about 15 MB smaller (docs/performance.md "Comparing builds").
   */
  const names = new Map<string, string>();
  const intern = (name: string): string => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };

  /** Places a solve in its challenge's list (sorted by compareSolves); returns its place, or -1 if already held. */
  const insertSolve = (fact: LedgerSolve): number => {
    if (held.has(fact.id)) return -1;
    const { id, teamId, solvedAt } = fact;
    const solve = {
      id,
      userId: intern(fact.userId),
      teamId: teamId && intern(teamId),
      challengeId: intern(fact.challengeId),
      solvedAt,
    };
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
    const own = byPlayer.get(solve.userId);
    if (own) own.push(holding);
    else byPlayer.set(solve.userId, [holding]);
    for (const standing of [holding.player, holding.team]) {
      standing.solvedCount += 1;
      standing.lastSolveAt = Math.max(standing.lastSolveAt ?? solve.solvedAt, solve.solvedAt);
      standing.reachedAt = Math.max(standing.reachedAt ?? solve.solvedAt, solve.solvedAt);
    }
    return at;
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

  // In order first: each insertion then appends (the facts come in the database's order, not the solves' times).
  for (const solve of [...initial.solves].sort(compareSolves)) insertSolve(solve);
  for (const hint of initial.hints) insertHint(hint);
  for (const challengeId of byChallenge.keys()) rescoreChallenge(challengeId);
  adjustments = [...initial.adjustments];
  for (const adjustment of adjustments) applyAdjustment(adjustment, 1);

  return {
    /** Counts a solve (once: a solve already held is ignored). Returns whether it was new. */
    addSolve(solve: LedgerSolve): boolean {
      const at = insertSolve(solve);
      if (at < 0) return false;
      rescoreAfterInsert(solve.challengeId, at);
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
    /**
     * What these new solves of one challenge (not held yet: inserted, not committed) would give and make their solvers'
     * scores once counted, the ledger left as it is: the answer to a batch of flags and its badges. Costs O(k + the
     * solvers' own solves), not a pass over the challenge's solves (docs/performance.md "Comparing builds").
     */
    previewSolves(challengeId: string, solves: readonly LedgerSolve[]): Map<number, SolvePreview> {
      const list = byChallenge.get(challengeId) ?? [];
      const challengeScoring = scoring.get(challengeId);
      const value = challengeScoring ? challengeValue(challengeScoring, list.length + solves.length) : 0;
      let first = list[0]?.solve;
      for (const solve of solves) if (!first || compareSolves(solve, first) < 0) first = solve;
      const pointsOf = (solve: LedgerSolve, key: string) =>
        challengeScoring ? Math.max(0, value - (hintCosts.get(key) ?? 0)) + (solve.id === first!.id ? bonus : 0) : 0;
      const points = new Map(solves.map((solve) => [solve.id, pointsOf(solve, hintKey(solve, challengeId))]));
      /** Each solver's score once the batch counts: their solves of this batch added... */
      const scores = new Map<string, number>();
      for (const solve of solves) {
        scores.set(
          solve.userId,
          (scores.get(solve.userId) ?? standings.players.get(solve.userId)?.score ?? 0) + points.get(solve.id)!,
        );
      }
      // ...and their held solves of this challenge (for another team) moved to its new value.
      for (const [userId, score] of scores) {
        let moved = score;
        for (const other of byPlayer.get(userId) ?? []) {
          if (other.solve.challengeId === challengeId) moved += pointsOf(other.solve, other.hintKey) - other.points;
        }
        scores.set(userId, moved);
      }
      const result = new Map<number, SolvePreview>();
      for (const solve of solves) {
        result.set(solve.id, {
          points: points.get(solve.id)!,
          score: scores.get(solve.userId)!,
          isFirstBlood: solve.id === first!.id,
        });
      }
      return result;
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

/** What a solve about to count gives, and its solver's score with it. */
export interface SolvePreview {
  points: number;
  score: number;
  isFirstBlood: boolean;
}
