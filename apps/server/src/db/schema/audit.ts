import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './auth.js';

/** Every admin action: who, what, on whom, when. Names are copied so that the log survives a deleted account. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    action: text().notNull(),
    targetUserId: text(),
    targetName: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt.desc())],
);
