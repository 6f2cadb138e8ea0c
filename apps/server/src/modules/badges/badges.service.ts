import type { Badge } from '@drapeau/shared';

import { isBadgeEarned } from './badge-rules.js';
import { type BadgesRepository, toBadge } from './badges.repository.js';

/**
 * Badges on `repository`. A unit of work builds one of these on each transaction's repository (app.ts), so that awards
 * commit or roll back with the solve or the admin change that caused them (docs/conventions.md#layers-and-dependency-rules).
 */
export function createBadgesService(deps: { repository: BadgesRepository }) {
  const { repository } = deps;
  return {
    async listBadges(): Promise<Badge[]> {
      return (await repository.listBadges()).map(toBadge);
    },

    /**
     * Awards every badge whose rule the user now meets and does not hold yet, and returns the ids of the new ones.
     * docs/product.md#badges: badges are evaluated with the solve, not on the profile page.
     */
    async awardEarnedBadges(userId: string): Promise<string[]> {
      const [all, held, stats] = [
        await repository.listBadges(),
        new Set(await repository.listUserBadgeIds(userId)),
        await repository.findPlayerStats(userId),
      ];
      const earned = all.filter((badge) => !held.has(badge.id) && isBadgeEarned(badge.criteria, stats)).map((b) => b.id);
      return repository.insertUserBadges(userId, earned);
    },
  };
}
export type BadgesService = ReturnType<typeof createBadgesService>;
