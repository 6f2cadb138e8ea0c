import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './auth.js';
import { teams } from './teams.js';

/**
 * Admins' changes of a score (docs/decisions/007-scoring.md): facts the scoring ledger adds to what the solves give,
 * never rewritten. One of `userId` (a player) and `teamId` (a team, in team mode). `kind` says what the admin typed:
 * 'delta' (`amount` points more or less) or 'set' (the score made `amount`); `delta` is what the row adds, fixed when
 * it is written ("set" = the number typed minus the score then). The audit log keeps its own line.
 */
export const scoreAdjustments = pgTable(
  'score_adjustments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    amount: integer().notNull(),
    delta: integer().notNull(),
    reason: text().notNull().default(''),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('score_adjustments_user_idx').on(t.userId), index('score_adjustments_team_idx').on(t.teamId)],
);
