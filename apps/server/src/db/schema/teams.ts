import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { users } from './auth.js';

/**
 * Teams (docs/product.md#teams, docs/decisions/016-teams.md). The name is unique whatever its case; the invite code is
 * random (128 bits) and unique. `captainId` is null only for a team whose members all left. The team's score is derived by
 * the scoring ledger: its solves' points plus the adjustments admins write (docs/decisions/007-scoring.md).
 */
export const teams = pgTable(
  'teams',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    inviteCode: text().notNull().unique(),
    captainId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** One row per member: the primary key on the user is what makes being in two teams impossible, whatever the concurrency. */
export const teamMembers = pgTable(
  'team_members',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_members_team_idx').on(t.teamId)],
);
