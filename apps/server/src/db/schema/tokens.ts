import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './auth.js';

/**
 * Personal API tokens (docs/decisions/012-accounts.md#api-tokens). Only the SHA-256 of a token is kept: the token itself is
 * shown once, at creation. `hint` is the few characters shown in lists so that its owner can tell tokens apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    hint: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    /** `player`, `teacher` or `admin` (ApiTokenScope); tokens made before scopes existed became `player`. */
    scope: text().notNull().default('player'),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId)],
);
