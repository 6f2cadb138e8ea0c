import type { Badge } from '@drapeau/shared';

import { isBadgeEarned } from './badge-rules.js';
import { type BadgesRepository, toBadge } from './badges.repository.js';

/**
 * Badges on `repository`. A unit of work builds one of these on each transaction's repository (app.ts), so that awards
 * commit or roll back with the solve or the admin change that caused them (docs/conventions.md#layers-and-dependency-rules).
 */
export function createBadgesService(deps: { repository: BadgesRepository }) {
  const { repository } = deps;
  /**
   * The same for several users at once (a batch of solves, docs/performance.md "Burst of correct flags"): four queries
   * whatever their number, the rules evaluated here. `scoreOf` is each user's score as the scoring ledger derives it
   * with the change being committed (docs/decisions/007-scoring.md). Answers each user's new badge ids, in the badges' order.
   */
  const awardEarnedBadgesOf = async (
    userIds: readonly string[],
    scoreOf: (userId: string) => number,
  ): Promise<Map<string, string[]>> => {
    const unique = [...new Set(userIds)];
    const all = await repository.listBadges();
    const held = await repository.listBadgeIdsOf(unique);
    const stats = await repository.findPlayerStatsOf(unique);
    for (const userId of unique) stats.get(userId)!.score = scoreOf(userId);
    const earned = unique.flatMap((userId) => {
      const has = new Set(held.get(userId));
      return all
        .filter((badge) => !has.has(badge.id) && isBadgeEarned(badge.criteria, stats.get(userId)!))
        .map((badge) => ({ userId, badgeId: badge.id }));
    });
    const inserted = await repository.insertUserBadgesOf(earned);
    // In the badges' order, as the rules listed them.
    return new Map(
      unique.map((userId) => {
        const fresh = new Set(inserted.get(userId));
        return [userId, earned.filter((e) => e.userId === userId && fresh.has(e.badgeId)).map((e) => e.badgeId)];
      }),
    );
  };
  return {
    async listBadges(): Promise<Badge[]> {
      return (await repository.listBadges()).map(toBadge);
    },

    /**
     * Awards every badge whose rule the user now meets and does not hold yet, and returns the ids of the new ones.
     * docs/product.md#badges: badges are evaluated with the solve, not on the profile page.
     */
    async awardEarnedBadges(userId: string, score: number): Promise<string[]> {
      return (await awardEarnedBadgesOf([userId], () => score)).get(userId) ?? [];
    },
    awardEarnedBadgesOf,
  };
}
export type BadgesService = ReturnType<typeof createBadgesService>;
