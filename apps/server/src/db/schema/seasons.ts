import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Events that ended (docs/product.md#events): the current event is the `event` platform setting; when it is over, its
 * name, times and final standings are kept here once. The event's times are its identity: the unique (starts_at, ends_at)
 * makes keeping them idempotent across instances (the second insert does nothing).
 */
export const seasons = pgTable(
  'seasons',
  {
    id: uuid().primaryKey().defaultRandom(),
    nameEn: text().notNull(),
    nameFr: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    freezeAt: timestamp({ withTimezone: true }),
    /** The standings rank teams (team mode at the end). */
    isTeams: boolean().notNull(),
    /** The CTFtime feed's task names at the end, in its order. */
    tasks: jsonb().$type<string[]>().notNull(),
    keptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('seasons_times_unique').on(t.startsAt, t.endsAt), index('seasons_ends_at_idx').on(t.endsAt)],
);

/** One row per ranked player (team) of an event's final standings, written with its `seasons` row, never changed. */
export const seasonStandings = pgTable(
  'season_standings',
  {
    seasonId: uuid()
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    pos: integer().notNull(),
    /** The player's (team's) id at the end; no foreign key: the standings outlive a deleted player. */
    entrantId: text().notNull(),
    name: text().notNull(),
    score: integer().notNull(),
    /** The CTFtime feed's `taskStats` of this entrant: points and UNIX time per task name. */
    taskStats: jsonb().$type<Record<string, { points: number; time: number }>>().notNull(),
    lastSolveAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.pos] })],
);
