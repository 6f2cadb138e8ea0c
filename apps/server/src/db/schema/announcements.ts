import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './auth.js';

/** Admins' bilingual announcements (docs/product.md#announcements); kept as history, newest first. */
export const announcements = pgTable(
  'announcements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    titleEn: text().notNull(),
    titleFr: text().notNull().default(''),
    bodyEn: text().notNull(),
    bodyFr: text().notNull().default(''),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt.desc())],
);

/** What each user has read: every announcement up to `lastReadId` (one row per user, so the unread count is one query). */
export const announcementReads = pgTable('announcement_reads', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastReadId: bigint({ mode: 'number' }).notNull(),
});
