import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { badges } from '../../db/schema/index.js';

export type NewBadgeRow = typeof badges.$inferInsert;

/** The badge list written by Seed (the challenges themselves go through the importer). */
export function createChallengesRepository(db: Db) {
  return {
    async upsertBadges(badgeRows: NewBadgeRow[]): Promise<void> {
      if (badgeRows.length === 0) return;
      await db
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
    },
  };
}
export type ChallengesRepository = ReturnType<typeof createChallengesRepository>;
