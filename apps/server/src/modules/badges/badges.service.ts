import type { Badge } from '@drapeau/shared';

import type { Db } from '../../db/client.js';

import { isBadgeEarned } from './badge-rules.js';
import { createBadgesRepository, toBadge } from './badges.repository.js';

export function createBadgesService(deps: { db: Db }) {
  const repository = createBadgesRepository(deps.db);
  return {
    async listBadges(): Promise<Badge[]> {
      return (await repository.listBadges()).map(toBadge);
    },

    /**
     * Awards every badge whose rule the user now meets and does not hold yet, using `executor` (the caller's transaction),
     * and returns the ids of the new ones. docs/product.md#badges: badges are evaluated with the solve, not on the profile page.
     */
    async awardEarnedBadges(executor: Db, userId: string): Promise<string[]> {
      const repo = createBadgesRepository(executor);
      const [all, held, stats] = [
        await repo.listBadges(),
        new Set(await repo.listUserBadgeIds(userId)),
        await repo.findPlayerStats(userId),
      ];
      const earned = all.filter((badge) => !held.has(badge.id) && isBadgeEarned(badge.criteria, stats)).map((b) => b.id);
      return repo.insertUserBadges(userId, earned);
    },
  };
}
export type BadgesService = ReturnType<typeof createBadgesService>;
