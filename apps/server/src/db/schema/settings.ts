import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Instance-wide values generated once (the flag and session secrets), shared by every server instance. */
export const instanceSettings = pgTable('instance_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The admins' platform settings (docs/decisions/008-platform-settings.md): one row: the settings admins changed, as JSON (a key
 * absent = its default), and a revision that each change increments, so that every instance keeps the newest.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: smallint().primaryKey().default(1),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    revision: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('platform_settings_one_row', sql`${t.id} = 1`)],
);
