import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

import { users } from './auth.js';
import { challenges } from './challenges.js';

/** A teacher's class (docs/product.md#classes): students join it with its code, between its optional dates. */
export const classes = pgTable(
  'classes',
  {
    id: uuid().primaryKey(),
    name: text().notNull(),
    teacherId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Crypto-random, upper case, from CLASS_CODE_ALPHABET; unique so that a code names one class. */
    code: text().notNull(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('classes_code_uq').on(t.code), index('classes_teacher_idx').on(t.teacherId)],
);

/**
 * Who is in which class. A student is in one class at a time (docs/decisions/015-classes-and-teacher-role.md): the unique
 * user id makes a second membership impossible, even for two joins at the same instant.
 */
export const classMembers = pgTable(
  'class_members',
  {
    classId: uuid()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), unique('class_members_user_uq').on(t.userId)],
);

/** A set of challenges a class is asked to solve by a date. */
export const classAssignments = pgTable(
  'class_assignments',
  {
    id: uuid().primaryKey(),
    classId: uuid()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_assignments_class_idx').on(t.classId)],
);

export const classAssignmentChallenges = pgTable(
  'class_assignment_challenges',
  {
    assignmentId: uuid()
      .notNull()
      .references(() => classAssignments.id, { onDelete: 'cascade' }),
    challengeId: text()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.challengeId] })],
);
