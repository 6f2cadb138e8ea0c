import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

import type { BadgeCriteria } from '@drapeau/shared';

import { users } from './auth.js';

/** The catalogue, written from the typed seed data. Flags are not stored: they are derived per deployment. */
export const challenges = pgTable('challenges', {
  id: text().primaryKey(),
  position: integer().notNull(),
  category: text().notNull(),
  level: text().notNull(),
  points: integer().notNull(),
  titleEn: text().notNull(),
  titleFr: text().notNull(),
  descriptionEn: text().notNull(),
  descriptionFr: text().notNull(),
  hintEn: text(),
  hintFr: text(),
  solutionType: text(),
  fileName: text(),
  contentType: text(),
  lab: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const badges = pgTable('badges', {
  id: text().primaryKey(),
  position: integer().notNull(),
  titleEn: text().notNull(),
  titleFr: text().notNull(),
  descriptionEn: text().notNull(),
  descriptionFr: text().notNull(),
  icon: text().notNull(),
  criteria: jsonb().$type<BadgeCriteria>().notNull(),
});

/** One row per solved challenge. The unique (user, challenge) pair is what makes a double solve impossible. */
export const solves = pgTable(
  'solves',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    /** Points at the time of the solve, so that score == sum(points) + adjustment whatever the catalogue becomes. */
    points: integer().notNull(),
    solvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('solves_user_challenge_uq').on(t.userId, t.challengeId), index('solves_challenge_idx').on(t.challengeId)],
);

/** Every flag attempt, for admins (the submitted text never leaves the admin API). */
export const submissions = pgTable(
  'submissions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    submitted: text().notNull(),
    isCorrect: boolean().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submissions_created_idx').on(t.createdAt.desc()), index('submissions_user_idx').on(t.userId)],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text()
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    awardedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeId] })],
);
