import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mails kept for the admins to read when no SMTP server is configured (the embedded default, docs/decisions/012-accounts.md).
 * They hold sign-in links: only admins read this table, and nothing from it is logged.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);
