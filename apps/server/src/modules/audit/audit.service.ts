import { ADMIN_PAGE_SIZE, type AUDIT_ACTIONS, type AuditPage } from '@drapeau/shared';

import type { AuditRepository } from './audit.repository.js';

type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRecord {
  /** The admin who acted. */
  actorId: string;
  /** Looked up from actorId when omitted. */
  actorName?: string;
  action: AuditAction;
  targetUserId?: string | null;
  targetName?: string | null;
  /** e.g. `{ from, to }` for a score or role, `{ badgeId }` for a badge. */
  details?: Record<string, unknown>;
}

/**
 * The admin audit log: who did what to whom, and when. An entry that must commit with the change it records is written
 * by an audit service bound to that change's transaction (a unit of work's scope, built in app.ts).
 */
export function createAuditService(deps: { repository: AuditRepository }) {
  const { repository } = deps;
  return {
    async record(entry: AuditRecord): Promise<void> {
      const actorName = entry.actorName ?? (await repository.findUsername(entry.actorId)) ?? entry.actorId;
      await repository.insertEntry({
        actorId: entry.actorId,
        actorName,
        action: entry.action,
        targetUserId: entry.targetUserId ?? null,
        targetName: entry.targetName ?? null,
        details: entry.details ?? {},
      });
    },

    /** Newest first. */
    async listEntries(page: number): Promise<AuditPage> {
      const { rows, total } = await repository.listEntries({
        offset: (page - 1) * ADMIN_PAGE_SIZE,
        limit: ADMIN_PAGE_SIZE,
      });
      return {
        entries: rows.map((row) => ({
          id: row.id,
          actorName: row.actorName,
          // Only record() writes this column, with an AuditAction.
          action: row.action as AuditAction,
          targetUserId: row.targetUserId,
          targetName: row.targetName,
          details: row.details,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
