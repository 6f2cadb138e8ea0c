import { sql } from 'drizzle-orm';

import type { Db } from '../../../db/client.js';
import { badges } from '../../../db/schema/index.js';

export type NewBadgeRow = typeof badges.$inferInsert;

/** The badge list written by Seed (the challenges themselves go through the importer). */
export function createChallengesRepository(db: Db) {
  return {
    /** Writes the badges; a row already equal to the one given is left alone, so the counts say what really changed. */
    async upsertBadges(badgeRows: NewBadgeRow[]): Promise<{ created: number; updated: number; unchanged: number }> {
      if (badgeRows.length === 0) return { created: 0, updated: 0, unchanged: 0 };
      const written = await db
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
          setWhere: sql`(${badges.position}, ${badges.titleEn}, ${badges.titleFr}, ${badges.descriptionEn}, ${badges.descriptionFr}, ${badges.icon}, ${badges.criteria})
            is distinct from (excluded.position, excluded.title_en, excluded.title_fr, excluded.description_en,
            excluded.description_fr, excluded.icon, excluded.criteria)`,
        })
        // A row PostgreSQL inserted has no deleting transaction (xmax = 0); an updated one has.
        .returning({ isInserted: sql<boolean>`(xmax = 0)` });
      const created = written.filter((row) => row.isInserted).length;
      return { created, updated: written.length - created, unchanged: badgeRows.length - written.length };
    },
  };
}
export type ChallengesRepository = ReturnType<typeof createChallengesRepository>;
