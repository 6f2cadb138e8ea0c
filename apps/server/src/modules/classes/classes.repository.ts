import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import {
  classAssignmentChallenges,
  classAssignments,
  classes,
  classMembers,
  hintUnlocks,
  solves,
  submissions,
  users,
} from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

export type ClassRow = typeof classes.$inferSelect & { teacher: string; memberCount: number };
export interface MemberRow {
  userId: string;
  username: string;
  joinedAt: Date;
}
export interface AssignmentRow {
  id: string;
  classId: string;
  title: string;
  dueAt: Date;
  challengeIds: string[];
}

/** Classes, their members and assignments, and the progress rows of the teacher's matrix. */
export function createClassesRepository(db: Db) {
  const selectClass = () =>
    db
      .select({
        id: classes.id,
        name: classes.name,
        teacherId: classes.teacherId,
        code: classes.code,
        startsAt: classes.startsAt,
        endsAt: classes.endsAt,
        archivedAt: classes.archivedAt,
        createdAt: classes.createdAt,
        teacher: shownUsername,
        memberCount: db.$count(classMembers, eq(classMembers.classId, classes.id)),
      })
      .from(classes)
      .innerJoin(users, eq(users.id, classes.teacherId));

  return {
    /** Inserts unless the code is taken (then false: the caller draws another). */
    async insert(values: typeof classes.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(classes)
        .values(values)
        .onConflictDoNothing({ target: classes.code })
        .returning({ id: classes.id });
      return rows.length === 1;
    },
    async find(id: string): Promise<ClassRow | undefined> {
      const [row] = await selectClass().where(eq(classes.id, id));
      return row;
    },
    async findByCode(code: string): Promise<ClassRow | undefined> {
      const [row] = await selectClass().where(eq(classes.code, code));
      return row;
    },
    /** A teacher's classes, or every class (teacherId undefined: admins), newest first. */
    async list(teacherId: string | undefined): Promise<ClassRow[]> {
      const query = selectClass().orderBy(desc(classes.createdAt), asc(classes.id));
      return teacherId === undefined ? query : query.where(eq(classes.teacherId, teacherId));
    },
    /** False when the new code is taken. */
    async update(id: string, changes: Partial<typeof classes.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(classes)
        .set(changes)
        .where(eq(classes.id, id))
        .returning({ id: classes.id })
        .catch((error: unknown) => {
          if (isCodeConflict(error)) return [];
          throw error;
        });
      return rows.length === 1;
    },
    async delete(id: string): Promise<void> {
      await db.delete(classes).where(eq(classes.id, id));
    },

    /** Adds the member unless they are in a class already (the unique user id decides, whatever runs concurrently). */
    async insertMember(classId: string, userId: string): Promise<boolean> {
      const rows = await db
        .insert(classMembers)
        .values({ classId, userId })
        .onConflictDoNothing()
        .returning({ userId: classMembers.userId });
      return rows.length === 1;
    },
    async findMembership(userId: string): Promise<{ classId: string } | undefined> {
      const [row] = await db.select({ classId: classMembers.classId }).from(classMembers).where(eq(classMembers.userId, userId));
      return row;
    },
    async deleteMember(classId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(classMembers)
        .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
        .returning({ userId: classMembers.userId });
      return rows.length === 1;
    },
    async listMembers(classId: string): Promise<MemberRow[]> {
      return db
        .select({ userId: users.id, username: shownUsername, joinedAt: classMembers.joinedAt })
        .from(classMembers)
        .innerJoin(users, eq(users.id, classMembers.userId))
        .where(eq(classMembers.classId, classId))
        .orderBy(asc(shownUsername));
    },

    async insertAssignment(values: Omit<AssignmentRow, 'challengeIds'>, challengeIds: string[]): Promise<void> {
      await db.insert(classAssignments).values(values);
      await db
        .insert(classAssignmentChallenges)
        .values(challengeIds.map((challengeId) => ({ assignmentId: values.id, challengeId })));
    },
    async deleteAssignment(classId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(classAssignments)
        .where(and(eq(classAssignments.classId, classId), eq(classAssignments.id, id)))
        .returning({ id: classAssignments.id });
      return rows.length === 1;
    },
    /** A class's assignments, soonest due first. */
    async listAssignments(classId: string): Promise<AssignmentRow[]> {
      const rows = await db
        .select({
          id: classAssignments.id,
          classId: classAssignments.classId,
          title: classAssignments.title,
          dueAt: classAssignments.dueAt,
          challengeId: classAssignmentChallenges.challengeId,
        })
        .from(classAssignments)
        .leftJoin(classAssignmentChallenges, eq(classAssignmentChallenges.assignmentId, classAssignments.id))
        .where(eq(classAssignments.classId, classId))
        .orderBy(asc(classAssignments.dueAt), asc(classAssignments.createdAt), asc(classAssignments.id));
      const byId = new Map<string, AssignmentRow>();
      for (const row of rows) {
        let assignment = byId.get(row.id);
        if (!assignment) {
          assignment = { id: row.id, classId: row.classId, title: row.title, dueAt: row.dueAt, challengeIds: [] };
          byId.set(row.id, assignment);
        }
        if (row.challengeId !== null) assignment.challengeIds.push(row.challengeId);
      }
      return [...byId.values()];
    },

    /** The solves, opened hints and wrong flags of these users, per (user, challenge). */
    async listProgress(userIds: string[]): Promise<{
      solves: { userId: string; challengeId: string; solvedAt: Date }[];
      hints: { userId: string; challengeId: string; n: number }[];
      wrong: { userId: string; challengeId: string; n: number }[];
    }> {
      if (userIds.length === 0) return { solves: [], hints: [], wrong: [] };
      const [solved, hints, wrong] = await Promise.all([
        db
          .select({ userId: solves.userId, challengeId: solves.challengeId, solvedAt: solves.solvedAt })
          .from(solves)
          .where(inArray(solves.userId, userIds)),
        db
          .select({ userId: hintUnlocks.userId, challengeId: hintUnlocks.challengeId, n: count() })
          .from(hintUnlocks)
          .where(inArray(hintUnlocks.userId, userIds))
          .groupBy(hintUnlocks.userId, hintUnlocks.challengeId),
        db
          .select({ userId: submissions.userId, challengeId: submissions.challengeId, n: count() })
          .from(submissions)
          .where(and(inArray(submissions.userId, userIds), eq(submissions.isCorrect, false)))
          .groupBy(submissions.userId, submissions.challengeId),
      ]);
      return { solves: solved, hints, wrong };
    },
    /** The challenges one user solved (a student's assignments: done or not). */
    async listSolvedIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: solves.challengeId }).from(solves).where(eq(solves.userId, userId));
      return rows.map((r) => r.id);
    },
  };
}
export type ClassesRepository = ReturnType<typeof createClassesRepository>;

function isCodeConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') return [constraint, message].some((t) => typeof t === 'string' && t.includes('classes_code_uq'));
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
