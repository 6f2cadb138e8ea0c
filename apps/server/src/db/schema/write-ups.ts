import { bigserial, boolean, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

import { users } from './auth.js';
import { challenges } from './challenges.js';

/**
 * Players' write-ups of the challenges they solved (docs/product.md#write-ups): one per player and challenge, raw Markdown
 * in the author's language; hidden ones stay stored, shown only to their author and to moderators.
 */
export const writeUps = pgTable(
  'write_ups',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** 'en' | 'fr': the language the author wrote in. */
    language: text().notNull(),
    title: text(),
    body: text().notNull(),
    isHidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('write_ups_user_challenge_uq').on(t.userId, t.challengeId),
    index('write_ups_challenge_created_idx').on(t.challengeId, t.createdAt.desc()),
  ],
);
