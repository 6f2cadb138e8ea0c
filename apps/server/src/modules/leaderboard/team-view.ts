import type { Scoring } from '@drapeau/shared';

import { type CostedSolve, ownScoreAt } from './frozen-standings.js';

/** A team's numbers as a viewer sees them (docs/product.md#teams, #freeze): its score, solve count and each member's part. */
export interface TeamView {
  score: number;
  solvedCount: number;
  contributions: Map<string, { points: number; solvedCount: number }>;
}

function contributionsOf(solves: readonly CostedSolve[], pointsOf: (solve: CostedSolve) => number): TeamView['contributions'] {
  const byMember = new Map<string, { points: number; solvedCount: number }>();
  for (const solve of solves) {
    const entry = byMember.get(solve.userId) ?? { points: 0, solvedCount: 0 };
    entry.points += pointsOf(solve);
    entry.solvedCount += 1;
    byMember.set(solve.userId, entry);
  }
  return byMember;
}

/**
 * A team as the leaderboard shows it (live, or at the freeze for another team's page): the standing's score and count,
 * and the members' parts from the solves that standing counts (`solves`: the team's, with their points as counted).
 */
export function teamViewOf(
  standing: { score: number; solvedCount: number } | undefined,
  solves: readonly CostedSolve[],
): TeamView {
  return {
    score: standing?.score ?? 0,
    solvedCount: standing?.solvedCount ?? 0,
    contributions: contributionsOf(solves, (solve) => solve.points),
  };
}

/**
 * A player's own team during a freeze (docs/product.md#freeze): all its solves, those after the freeze included, each at
 * the value its members see (one more solve than at the freeze, no first-blood bonus), as a player's own score is.
 */
export function ownTeamViewAt(
  teamSolves: readonly CostedSolve[],
  frozenCounts: ReadonlyMap<string, number>,
  scoringOf: ReadonlyMap<string, Scoring>,
  frozenAt: Date,
  adjustment: number,
  bonus: number,
): TeamView {
  const pointsOf = (solve: CostedSolve) => ownScoreAt([solve], frozenCounts, scoringOf, frozenAt, 0, bonus);
  const contributions = contributionsOf(teamSolves, pointsOf);
  let score = adjustment;
  for (const part of contributions.values()) score += part.points;
  return { score, solvedCount: teamSolves.length, contributions };
}
