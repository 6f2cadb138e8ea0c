import { count, desc, eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { auditLogs, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

export interface AuditInsert {
  actorId: string | null;
  actorName: string;
  action: string;
  targetUserId: string | null;
  targetName: string | null;
  details: Record<string, unknown>;
}

export interface AuditRow extends AuditInsert {
  id: number;
  createdAt: Date;
}

/** `db` may be a transaction (a unit of work's): an entry commits or rolls back with the change it records. */
export function createAuditRepository(db: Db) {
  return {
    async insertEntry(entry: AuditInsert): Promise<void> {
      await db.insert(auditLogs).values(entry);
    },
    async findUsername(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: shownUsername }).from(users).where(eq(users.id, userId));
      return row?.name;
    },
    async listEntries(window: { offset: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
      const rows = await db
        .select({
          id: auditLogs.id,
          actorId: auditLogs.actorId,
          actorName: auditLogs.actorName,
          action: auditLogs.action,
          targetUserId: auditLogs.targetUserId,
          targetName: auditLogs.targetName,
          details: auditLogs.details,
          createdAt: auditLogs.createdAt,
        })
        .from(auditLogs)
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(window.limit)
        .offset(window.offset);
      const [total] = await db.select({ n: count() }).from(auditLogs);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
