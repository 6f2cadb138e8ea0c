import type { BadgeCriteria, BuiltInCategory } from '@drapeau/shared';

/** What the badge rules look at, for one user. */
export interface PlayerStats {
  solveCount: number;
  score: number;
  solvesByCategory: Partial<Record<BuiltInCategory, number>>;
}

type Rule<T extends BadgeCriteria['type']> = (criteria: Extract<BadgeCriteria, { type: T }>, stats: PlayerStats) => boolean;

/** One entry per criteria type (docs/conventions.md#validation-and-errors: registries for variants). */
const BADGE_RULES: { [T in BadgeCriteria['type']]: Rule<T> } = {
  solveCount: (criteria, stats) => stats.solveCount >= criteria.value,
  score: (criteria, stats) => stats.score >= criteria.value,
  category: (criteria, stats) => (stats.solvesByCategory[criteria.value] ?? 0) >= criteria.count,
};

export function isBadgeEarned(criteria: BadgeCriteria, stats: PlayerStats): boolean {
  const rule = BADGE_RULES[criteria.type] as Rule<BadgeCriteria['type']>;
  return rule(criteria, stats);
}
