import { CATEGORIES, LEVELS, type Category, type Level, type PublicChallenge } from '@drapeau/shared';

export const ALL = 'all';
export type CategoryFilter = Category | typeof ALL;
export type LevelFilter = Level | typeof ALL;

export interface ChallengeFilters {
  category: CategoryFilter;
  level: LevelFilter;
}

export interface CategoryGroup {
  category: Category;
  challenges: PublicChallenge[];
}

export function filterChallenges(challenges: PublicChallenge[], filters: ChallengeFilters): PublicChallenge[] {
  return challenges.filter(
    (challenge) =>
      (filters.category === ALL || challenge.category === filters.category) &&
      (filters.level === ALL || challenge.level === filters.level),
  );
}

function compareChallenges(a: PublicChallenge, b: PublicChallenge): number {
  return LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || a.points - b.points;
}

/** Groups in the order of CATEGORIES, easiest first inside a group; empty groups are left out. */
export function groupByCategory(challenges: PublicChallenge[]): CategoryGroup[] {
  return CATEGORIES.map((category) => ({
    category,
    challenges: challenges.filter((challenge) => challenge.category === category).sort(compareChallenges),
  })).filter((group) => group.challenges.length > 0);
}
