import { asc, count, eq, sql } from 'drizzle-orm';

import type { Badge, BadgeCriteria } from '@drapeau/shared';

import { anyOf, arrayOf } from '../../db/array-params.js';
import type { Db } from '../../db/client.js';
import { badges, challenges, solves, userBadges } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows-of.js';

import type { PlayerStats } from './badge-rules.js';

export interface BadgeRow {
  id: string;
  titleEn: string;
  titleFr: string;
  descriptionEn: string;
  descriptionFr: string;
  icon: string;
  criteria: BadgeCriteria;
}

export function toBadge(row: BadgeRow): Badge {
  return {
    badgeId: row.id,
    title: { en: row.titleEn, fr: row.titleFr },
    description: { en: row.descriptionEn, fr: row.descriptionFr },
    icon: row.icon,
    criteria: row.criteria,
  };
}

/** `db` may be a transaction: badge changes commit or roll back with the solve that caused them. */
export function createBadgesRepository(db: Db) {
  return {
    async listBadges(): Promise<BadgeRow[]> {
      return db.select().from(badges).orderBy(asc(badges.position));
    },
    /** The badges each of these users holds (one query for a batch of solves). */
    async listBadgeIdsOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
      const held = new Map<string, string[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return held;
      const rows = await db
        .select({ userId: userBadges.userId, id: userBadges.badgeId })
        .from(userBadges)
        .where(anyOf(userBadges.userId, userIds));
      for (const row of rows) held.get(row.userId)?.push(row.id);
      return held;
    },
    /** What the badge rules look at from the solves, for each of these users: one query (the score is the ledger's). */
    async findPlayerStatsOf(userIds: readonly string[]): Promise<Map<string, PlayerStats>> {
      const stats = new Map<string, PlayerStats>(userIds.map((id) => [id, { solveCount: 0, score: 0, solvesByCategory: {} }]));
      if (userIds.length === 0) return stats;
      const ids = [...userIds];
      const rows = await db
        .select({ userId: solves.userId, category: challenges.category, n: count() })
        .from(solves)
        .innerJoin(challenges, eq(challenges.id, solves.challengeId))
        .where(anyOf(solves.userId, ids))
        .groupBy(solves.userId, challenges.category);
      for (const row of rows) {
        const user = stats.get(row.userId)!;
        user.solvesByCategory[row.category as keyof PlayerStats['solvesByCategory']] = row.n;
        user.solveCount += row.n;
      }
      return stats;
    },
    /** Inserts the awards that are new and returns their ids per user (an existing award is never duplicated). */
    async insertUserBadgesOf(awards: readonly { userId: string; badgeId: string }[]): Promise<Map<string, string[]>> {
      const inserted = new Map<string, string[]>();
      if (awards.length === 0) return inserted;
      const userIds = arrayOf(
        awards.map((a) => a.userId),
        'text',
      );
      const badgeIds = arrayOf(
        awards.map((a) => a.badgeId),
        'text',
      );
      const result = await db.execute(sql`insert into user_badges (user_id, badge_id)
        select * from unnest(${userIds}, ${badgeIds}) on conflict do nothing returning user_id, badge_id`);
      for (const row of rowsOf<{ user_id: string; badge_id: string }>(result))
        inserted.set(row.user_id, [...(inserted.get(row.user_id) ?? []), row.badge_id]);
      return inserted;
    },
  };
}
export type BadgesRepository = ReturnType<typeof createBadgesRepository>;
