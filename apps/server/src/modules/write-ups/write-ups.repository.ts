import { and, count, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { users, writeUps } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

/** A write-up with its author's shown name. */
export type WriteUpRow = typeof writeUps.$inferSelect & { authorName: string };

export interface WriteUpContent {
  language: string;
  title: string | null;
  body: string;
}

const columns = {
  id: writeUps.id,
  userId: writeUps.userId,
  challengeId: writeUps.challengeId,
  language: writeUps.language,
  title: writeUps.title,
  body: writeUps.body,
  isHidden: writeUps.isHidden,
  createdAt: writeUps.createdAt,
  updatedAt: writeUps.updatedAt,
  authorName: shownUsername,
};

/** The write-ups table (docs/product.md#write-ups). No rules here: who may read or write is the service's. */
export function createWriteUpsRepository(db: Db) {
  const selectWhere = (where: SQL | undefined) =>
    db.select(columns).from(writeUps).innerJoin(users, eq(users.id, writeUps.userId)).where(where);

  return {
    async findById(id: number): Promise<WriteUpRow | undefined> {
      const [row] = await selectWhere(eq(writeUps.id, id));
      return row;
    },
    async findOwn(userId: string, challengeId: string): Promise<WriteUpRow | undefined> {
      const [row] = await selectWhere(and(eq(writeUps.userId, userId), eq(writeUps.challengeId, challengeId)));
      return row;
    },

    /**
     * A page of a challenge's write-ups other than `exceptUserId`'s, newest first. `includeHidden` false leaves the hidden
     * ones out; `createdUpTo` leaves out those written after that time (a freeze).
     */
    async listOthers(query: {
      challengeId: string;
      exceptUserId: string;
      includeHidden: boolean;
      createdUpTo: Date | null;
      offset: number;
      limit: number;
    }): Promise<{ rows: WriteUpRow[]; total: number }> {
      const where = and(
        eq(writeUps.challengeId, query.challengeId),
        ne(writeUps.userId, query.exceptUserId),
        query.includeHidden ? undefined : eq(writeUps.isHidden, false),
        query.createdUpTo === null ? undefined : lte(writeUps.createdAt, query.createdUpTo),
      );
      const [rows, [total]] = await Promise.all([
        selectWhere(where).orderBy(desc(writeUps.createdAt), desc(writeUps.id)).offset(query.offset).limit(query.limit),
        db.select({ n: count() }).from(writeUps).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Creates the author's write-up of this challenge or replaces its content (one per author and challenge: the unique
     * constraint decides, so two requests at once make one row). Hiding is kept as it was.
     */
    async upsert(
      userId: string,
      challengeId: string,
      content: WriteUpContent,
      now: Date,
    ): Promise<{ id: number; isCreated: boolean }> {
      const [row] = await db
        .insert(writeUps)
        .values({ userId, challengeId, ...content, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [writeUps.userId, writeUps.challengeId],
          set: { ...content, updatedAt: now },
        })
        .returning({ id: writeUps.id, isCreated: sql<boolean>`(xmax = 0)` });
      return row!;
    },

    async deleteOwn(userId: string, challengeId: string): Promise<boolean> {
      const deleted = await db
        .delete(writeUps)
        .where(and(eq(writeUps.userId, userId), eq(writeUps.challengeId, challengeId)))
        .returning({ id: writeUps.id });
      return deleted.length > 0;
    },

    async updateHidden(id: number, isHidden: boolean): Promise<boolean> {
      const updated = await db.update(writeUps).set({ isHidden }).where(eq(writeUps.id, id)).returning({ id: writeUps.id });
      return updated.length > 0;
    },
  };
}
export type WriteUpsRepository = ReturnType<typeof createWriteUpsRepository>;
