import type { CategoryKey, Level, ChallengeSummary } from '@drapeau/shared';
import { LEVELS } from '@drapeau/shared/constants';

export const ALL = 'all';
export type CategoryFilter = CategoryKey;
export type LevelFilter = Level | typeof ALL;

export interface ChallengeFilters {
  category: CategoryFilter;
  level: LevelFilter;
}

export interface CategoryGroup {
  category: CategoryKey;
  challenges: ChallengeSummary[];
}

export function filterChallenges(challenges: ChallengeSummary[], filters: ChallengeFilters): ChallengeSummary[] {
  return challenges.filter(
    (challenge) =>
      (filters.category === ALL || challenge.category === filters.category) &&
      (filters.level === ALL || challenge.level === filters.level),
  );
}

function compareChallenges(a: ChallengeSummary, b: ChallengeSummary): number {
  return LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || a.points - b.points;
}

/**
 * Groups in the categories' order, easiest first inside a group; empty groups are left out. A category missing from
 * `order` (not loaded yet, or new) still gets its group, after the others.
 */
export function groupByCategory(challenges: ChallengeSummary[], order: readonly string[]): CategoryGroup[] {
  const keys = [...new Set([...order, ...challenges.map((challenge) => challenge.category)])];
  return keys
    .map((category) => ({
      category,
      challenges: challenges.filter((challenge) => challenge.category === category).sort(compareChallenges),
    }))
    .filter((group) => group.challenges.length > 0);
}
