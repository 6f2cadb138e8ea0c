import type { Scoring } from '@drapeau/shared';

import { challengeValue } from '../scoring/ledger.js';

import { rankStandings, type Standing } from './standings.js';

/** A solve with what its points are made of: the challenge's value and the costs of the hints its solver opened. */
export interface CostedSolve {
  userId: string;
  /** The standing it counts for: its team in team mode, its solver otherwise (docs/decisions/016-teams.md). */
  standingId: string;
  challengeId: string;
  /** The points stored now (the live value); kept for a challenge whose scoring is no longer known. */
  points: number;
  hintCosts: number;
  solvedAt: Date;
  /** The first solve of its challenge among those read (up to the freeze, or all): its first blood. */
  firstBlood: boolean;
}

/**
 * What a solve gives when its challenge has `solveCount` solves: max(0, value − hint costs), plus the first-blood bonus
 * when it is the first blood (docs/product.md#scoring, #first-blood); the rule of catalogue.repository's rescoreSolves.
 */
function pointsAt(solve: CostedSolve, scoring: Scoring | undefined, solveCount: number, bonus: number): number {
  if (!scoring) return solve.points;
  return Math.max(0, challengeValue(scoring, solveCount) - solve.hintCosts) + (solve.firstBlood ? bonus : 0);
}

export function countByChallenge(solves: readonly CostedSolve[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const solve of solves) counts.set(solve.challengeId, (counts.get(solve.challengeId) ?? 0) + 1);
  return counts;
}

/**
 * The standings as they were at the freeze (docs/product.md#freeze), from the live rows (players, or teams in team mode)
 * and the solves made up to the freeze, each counted for its standing: each score is the sum of those solves' points at the values of the freeze, plus the admin adjustment; the
 * solve count is theirs; ties go to whoever reached the score first (no later than the freeze).
 */
export function buildFrozenStandings(
  live: readonly (Standing & { adjustment: number })[],
  frozenSolves: readonly CostedSolve[],
  scoringOf: ReadonlyMap<string, Scoring>,
  frozenAt: Date,
  bonus: number,
): Standing[] {
  const counts = countByChallenge(frozenSolves);
  const byStanding = new Map<string, { points: number; solved: number; lastAt: number }>();
  for (const solve of frozenSolves) {
    const entry = byStanding.get(solve.standingId) ?? { points: 0, solved: 0, lastAt: 0 };
    entry.points += pointsAt(solve, scoringOf.get(solve.challengeId), counts.get(solve.challengeId) ?? 0, bonus);
    entry.solved += 1;
    entry.lastAt = Math.max(entry.lastAt, solve.solvedAt.getTime());
    byStanding.set(solve.standingId, entry);
  }
  const cut = frozenAt.getTime();
  return rankStandings(
    live.map(({ adjustment, ...standing }) => {
      const entry = byStanding.get(standing.uid);
      return {
        ...standing,
        score: (entry?.points ?? 0) + adjustment,
        solvedCount: entry?.solved ?? 0,
        reachedAt: standing.reachedAt <= cut ? standing.reachedAt : (entry?.lastAt ?? cut),
      };
    }),
  );
}

/**
 * A player's own score as they see it during a freeze (docs/product.md#freeze): their solves at the values of the freeze,
 * a solve of theirs after it counted as one more solve of its challenge and without a first-blood bonus (they are not
 * told whether they were first), and nothing of the others' later solves.
 */
export function ownScoreAt(
  ownSolves: readonly CostedSolve[],
  frozenCounts: ReadonlyMap<string, number>,
  scoringOf: ReadonlyMap<string, Scoring>,
  frozenAt: Date,
  adjustment: number,
  bonus: number,
): number {
  let score = adjustment;
  for (const solve of ownSolves) {
    const isLater = solve.solvedAt.getTime() > frozenAt.getTime();
    const count = (frozenCounts.get(solve.challengeId) ?? 0) + (isLater ? 1 : 0);
    score += pointsAt(isLater ? { ...solve, firstBlood: false } : solve, scoringOf.get(solve.challengeId), count, bonus);
  }
  return score;
}

/** The solves made up to the freeze, each with its points at the freeze (the CTFtime feed's and the graph's). */
export function valuedAtFreeze(
  solves: readonly CostedSolve[],
  scoringOf: ReadonlyMap<string, Scoring>,
  counts: ReadonlyMap<string, number>,
  frozenAt: Date,
  bonus: number,
): CostedSolve[] {
  return solves.map((solve) => ({ ...solve, points: ownScoreAt([solve], counts, scoringOf, frozenAt, 0, bonus) }));
}
