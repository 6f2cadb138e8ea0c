import { bigserial, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

import { users } from './auth.js';
import { challenges } from './challenges.js';
import { teams } from './teams.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Hints, each with an optional cost taken from what its challenge gives when solved (docs/decisions/008). */
export const challengeHints = pgTable(
  'challenge_hints',
  {
    id: serial().primaryKey(),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer().notNull(),
    contentEn: text().notNull(),
    contentFr: text().notNull().default(''),
    cost: integer().notNull().default(0),
  },
  (t) => [index('challenge_hints_challenge_idx').on(t.challengeId)],
);

/**
 * A hint a player opened: remembered, and its cost applied to the challenge's points for that player, or in team mode
 * for their team (docs/decisions/016-teams.md): then the row carries the team, and a hint is opened once per team.
 */
export const hintUnlocks = pgTable(
  'hint_unlocks',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hintId: integer()
      .notNull()
      .references(() => challengeHints.id, { onDelete: 'cascade' }),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The opener's team in team mode (the member who opened it is kept in userId); null in solo mode. */
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // Once per player in solo mode (a null team equals a null team), once per team in team mode, whatever the concurrency.
    unique('hint_unlocks_user_hint_uq').on(t.userId, t.hintId, t.teamId).nullsNotDistinct(),
    unique('hint_unlocks_team_hint_uq').on(t.teamId, t.hintId),
    index('hint_unlocks_challenge_idx').on(t.challengeId),
  ],
);

/**
 * File contents, by SHA-256, in the database (not under DATA_DIR): every server instance sees them, and an import
 * writes them in its one transaction.
 */
export const fileBlobs = pgTable('file_blobs', {
  sha256: text().primaryKey(),
  size: integer().notNull(),
  data: bytea().notNull(),
});

/** A challenge's downloads: an uploaded file (blob) or a file generated from the flag (generator). */
export const challengeAttachments = pgTable(
  'challenge_attachments',
  {
    id: serial().primaryKey(),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    sha256: text().references(() => fileBlobs.sha256),
    size: integer(),
    generator: text(),
  },
  (t) => [unique('challenge_attachments_name_uq').on(t.challengeId, t.name)],
);

/** Flags: several per challenge, any accepted. Static ones hold their text; derived and per-user ones are computed. */
export const challengeFlags = pgTable(
  'challenge_flags',
  {
    id: serial().primaryKey(),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer().notNull(),
    kind: text().notNull(),
    matcher: text().notNull().default('exact'),
    content: text().notNull().default(''),
  },
  (t) => [index('challenge_flags_challenge_idx').on(t.challengeId)],
);

export const challengePrerequisites = pgTable(
  'challenge_prerequisites',
  {
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    requiredId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.requiredId] })],
);

/** A per-user flag submitted by a player it does not belong to. */
export const flagIncidents = pgTable(
  'flag_incidents',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    submitterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whose flag it was: a player, or in team mode a member of the team it was made for (null when it has none left). */
    ownerId: text().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** In team mode (docs/decisions/016-teams.md): the submitter's team, and the team whose flag it was. */
    submitterTeamId: text().references(() => teams.id, { onDelete: 'set null' }),
    ownerTeamId: text().references(() => teams.id, { onDelete: 'set null' }),
  },
  (t) => [index('flag_incidents_created_idx').on(t.createdAt.desc())],
);
