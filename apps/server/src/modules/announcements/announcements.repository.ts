import { count, desc, eq, gt, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { announcementReads, announcements } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';
import { users } from '../../db/schema/index.js';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementInsert = Omit<typeof announcements.$inferInsert, 'id' | 'createdAt' | 'authorName'> & {
  authorId: string;
};

/** Announcements and each user's read mark. */
export function createAnnouncementsRepository(db: Db) {
  return {
    /** Inserts with the author's shown name, looked up in the same statement. */
    async insert(values: AnnouncementInsert): Promise<AnnouncementRow> {
      const [author] = await db.select({ name: shownUsername }).from(users).where(eq(users.id, values.authorId));
      const [row] = await db
        .insert(announcements)
        .values({ ...values, authorName: author?.name ?? '' })
        .returning();
      return row!;
    },
    async delete(id: number): Promise<AnnouncementRow | undefined> {
      const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
      return row;
    },
    async listNewest(limit: number): Promise<AnnouncementRow[]> {
      return db.select().from(announcements).orderBy(desc(announcements.id)).limit(limit);
    },
    async countAfter(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(announcements).where(gt(announcements.id, id));
      return row?.n ?? 0;
    },
    async findLastReadId(userId: string): Promise<number> {
      const [row] = await db
        .select({ id: announcementReads.lastReadId })
        .from(announcementReads)
        .where(eq(announcementReads.userId, userId));
      return row?.id ?? 0;
    },
    /** Moves the read mark forward only (a late request never marks announcements unread again). */
    async markReadUpTo(userId: string, id: number): Promise<void> {
      await db
        .insert(announcementReads)
        .values({ userId, lastReadId: id })
        .onConflictDoUpdate({
          target: announcementReads.userId,
          set: { lastReadId: sql`greatest(${announcementReads.lastReadId}, excluded.last_read_id)` },
        });
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
