import { asc, count, eq } from 'drizzle-orm';

import type { Badge, BadgeCriteria } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { badges, challenges, solves, userBadges, users } from '../../db/schema/index.js';

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
    async listUserBadgeIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: userBadges.badgeId }).from(userBadges).where(eq(userBadges.userId, userId));
      return rows.map((r) => r.id);
    },
    async findPlayerStats(userId: string): Promise<PlayerStats> {
      const [user] = await db.select({ score: users.score }).from(users).where(eq(users.id, userId));
      const rows = await db
        .select({ category: challenges.category, n: count() })
        .from(solves)
        .innerJoin(challenges, eq(challenges.id, solves.challengeId))
        .where(eq(solves.userId, userId))
        .groupBy(challenges.category);
      const solvesByCategory: PlayerStats['solvesByCategory'] = {};
      let solveCount = 0;
      for (const row of rows) {
        solvesByCategory[row.category as keyof PlayerStats['solvesByCategory']] = row.n;
        solveCount += row.n;
      }
      return { solveCount, score: user?.score ?? 0, solvesByCategory };
    },
    /** Inserts the awards that are new and returns their ids (an existing award is never duplicated). */
    async insertUserBadges(userId: string, badgeIds: string[]): Promise<string[]> {
      if (badgeIds.length === 0) return [];
      const inserted = await db
        .insert(userBadges)
        .values(badgeIds.map((badgeId) => ({ userId, badgeId })))
        .onConflictDoNothing()
        .returning({ id: userBadges.badgeId });
      return inserted.map((r) => r.id);
    },
  };
}
export type BadgesRepository = ReturnType<typeof createBadgesRepository>;
