import { asc, count, eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { badges, challenges, solves } from '../../db/schema/index.js';

export type ChallengeRow = typeof challenges.$inferSelect;
export type NewChallengeRow = typeof challenges.$inferInsert;
export type NewBadgeRow = typeof badges.$inferInsert;

export function createChallengesRepository(db: Db) {
  return {
    async listChallenges(): Promise<ChallengeRow[]> {
      return db.select().from(challenges).orderBy(asc(challenges.position));
    },
    async countChallenges(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(challenges);
      return row?.n ?? 0;
    },
    async listSolveCounts(): Promise<Map<string, number>> {
      const rows = await db.select({ id: solves.challengeId, n: count() }).from(solves).groupBy(solves.challengeId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    async listSolvedChallengeIds(userId: string): Promise<Set<string>> {
      const rows = await db.select({ id: solves.challengeId }).from(solves).where(eq(solves.userId, userId));
      return new Set(rows.map((r) => r.id));
    },
    /**
     * Writes the catalogue and the badge list in one transaction. Rows are upserted, never deleted, so that players'
     * solves (and the scores made of them) survive a reseed.
     */
    async upsertCatalogue(rows: NewChallengeRow[], badgeRows: NewBadgeRow[]): Promise<void> {
      await db.transaction(async (tx) => {
        if (rows.length > 0) {
          await tx
            .insert(challenges)
            .values(rows)
            .onConflictDoUpdate({
              target: challenges.id,
              set: {
                position: sql`excluded.position`,
                category: sql`excluded.category`,
                level: sql`excluded.level`,
                points: sql`excluded.points`,
                titleEn: sql`excluded.title_en`,
                titleFr: sql`excluded.title_fr`,
                descriptionEn: sql`excluded.description_en`,
                descriptionFr: sql`excluded.description_fr`,
                hintEn: sql`excluded.hint_en`,
                hintFr: sql`excluded.hint_fr`,
                solutionType: sql`excluded.solution_type`,
                fileName: sql`excluded.file_name`,
                contentType: sql`excluded.content_type`,
                lab: sql`excluded.lab`,
                updatedAt: sql`now()`,
              },
            });
        }
        if (badgeRows.length > 0) {
          await tx
            .insert(badges)
            .values(badgeRows)
            .onConflictDoUpdate({
              target: badges.id,
              set: {
                position: sql`excluded.position`,
                titleEn: sql`excluded.title_en`,
                titleFr: sql`excluded.title_fr`,
                descriptionEn: sql`excluded.description_en`,
                descriptionFr: sql`excluded.description_fr`,
                icon: sql`excluded.icon`,
                criteria: sql`excluded.criteria`,
              },
            });
        }
      });
    },
  };
}
export type ChallengesRepository = ReturnType<typeof createChallengesRepository>;
