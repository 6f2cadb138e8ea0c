import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Instance-wide values generated once (the flag and session secrets), shared by every server instance. */
export const instanceSettings = pgTable('instance_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
