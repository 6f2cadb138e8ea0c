import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

import type { BadgeCriteria } from '@drapeau/shared';

import { users } from './auth.js';
import { teams } from './teams.js';

/** Challenge categories: the six built-in ones, and those admins add (docs/challenge-authoring.md). */
export const categories = pgTable('categories', {
  key: text().primaryKey(),
  nameEn: text().notNull(),
  /** '' = not translated: players read the English name. */
  nameFr: text().notNull().default(''),
  icon: text().notNull(),
  position: integer().notNull().default(0),
  isBuiltIn: boolean().notNull().default(false),
});

/**
 * The catalogue: the built-in pack (loaded by the importer) and admins' challenges. Hints, files, flags and
 * prerequisites are in catalogue.ts. `points` is the static value, or the dynamic one's initial value: a solve never
 * writes here (the scoring ledger derives the current value, docs/decisions/007-scoring.md).
 */
export const challenges = pgTable('challenges', {
  id: text().primaryKey(),
  position: integer().notNull(),
  category: text()
    .notNull()
    .references(() => categories.key, { onUpdate: 'cascade' }),
  level: text().notNull(),
  points: integer().notNull(),
  /** 'static' | 'dynamic' (CTFd's decay: initial, decay, minimum, function linear | logarithmic). */
  scoringType: text().notNull().default('static'),
  initialPoints: integer(),
  decay: integer(),
  minimumPoints: integer(),
  decayFunction: text(),
  titleEn: text().notNull(),
  titleFr: text().notNull(),
  descriptionEn: text().notNull(),
  descriptionFr: text().notNull(),
  lab: text(),
  explanationEn: text().notNull().default(''),
  explanationFr: text().notNull().default(''),
  author: text(),
  tags: jsonb().$type<string[]>().notNull().default([]),
  /** 'visible' | 'hidden'. */
  state: text().notNull().default('visible'),
  maxAttempts: integer(),
  opensAt: timestamp({ withTimezone: true }),
  closesAt: timestamp({ withTimezone: true }),
  /** ctfcli's `connection_info`: where players reach a service that runs elsewhere (docs/product.md "Challenge instances"). */
  connectionInfo: text(),
  /** Written by the built-in pack (Seed re-applies it). */
  isBuiltIn: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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

/**
 * One row per solved challenge: a fact, written once and never rewritten (what it gives is derived by the scoring ledger,
 * docs/decisions/007-scoring.md). The unique (user, challenge) pair is what makes a double solve impossible.
 */
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
    solvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * In team mode, the team the solve belongs to (docs/decisions/016-teams.md): unique with the challenge, so that two
     * members submitting at once give one solve. Null in solo mode (the mode cannot change once a solve exists).
     * Restricted: a team is deleted only once its solves are, by the admin's deletion (docs/decisions/016-teams.md).
     */
    teamId: text().references(() => teams.id, { onDelete: 'restrict' }),
  },
  (t) => [
    // One solve per player and challenge in solo mode (a null team equals a null team); in team mode, one per team they
    // were in when solving: a player who left a team solves again for their new one (docs/product.md#teams).
    unique('solves_user_challenge_uq').on(t.userId, t.challengeId, t.teamId).nullsNotDistinct(),
    unique('solves_team_challenge_uq').on(t.teamId, t.challengeId),
    index('solves_challenge_idx').on(t.challengeId),
  ],
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
