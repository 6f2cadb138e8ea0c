import { count, countDistinct, ne, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { badges, challenges, users } from '../../db/schema/index.js';

export function createSystemRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
    async countCatalogue(): Promise<{ challengeCount: number; categoryCount: number; badgeCount: number; playerCount: number }> {
      const [c] = await db
        .select({ challengeCount: count(), categoryCount: countDistinct(challenges.category) })
        .from(challenges);
      const [b] = await db.select({ n: count() }).from(badges);
      const [p] = await db.select({ n: count() }).from(users).where(ne(users.role, 'admin'));
      return {
        challengeCount: c?.challengeCount ?? 0,
        categoryCount: c?.categoryCount ?? 0,
        badgeCount: b?.n ?? 0,
        playerCount: p?.n ?? 0,
      };
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
