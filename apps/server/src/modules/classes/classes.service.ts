import { randomUUID } from 'node:crypto';

import type {
  Assignment,
  ClassLeaderboard,
  ClassPreview,
  ClassProgress,
  CreateAssignmentBody,
  CreateClassBody,
  LocalizedText,
  MyClass,
  ProgressCell,
  TeacherClass,
  UpdateClassBody,
} from '@drapeau/shared';

import { AppError, badRequest, conflict, notFound, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { Standing } from '../leaderboard/standings.js';
import { toEntry } from '../leaderboard/standings.js';
import type { Viewer } from '../users/users.service.js';

import { generateClassCode } from './class-code.js';
import type { AssignmentRow, ClassesRepository, ClassRow } from './classes.repository.js';

/** A challenge players can reach now, as the teacher's matrix and the assignments show it. */
export interface ListedChallenge {
  id: string;
  title: LocalizedText;
  category: string;
  points: number;
}

export interface ClassesServiceDeps {
  repository: ClassesRepository;
  transaction: UnitOfWork<{ classes: ClassesRepository }>;
  clock: Clock;
  /** Every join attempt of a player counts, right or wrong (docs/decisions/010-abuse-limits.md). */
  joinLimiter: RateLimiter;
  listListedChallenges: () => Promise<ListedChallenge[]>;
  /** The ranked standings as this viewer sees them (at the freeze during one: docs/product.md#freeze). */
  standingsAt: (frozenAt: Date | null) => Promise<readonly Standing[]>;
  /** Each player's live score, from the scoring ledger (the teacher's matrix is live, docs/product.md#classes). */
  liveScores: () => Promise<ReadonlyMap<string, { score: number }>>;
}

const CODE_ATTEMPTS = 5;
const classNotFound = () => notFound('CLASS_NOT_FOUND', 'Class not found.');

const iso = (date: Date | null) => date?.toISOString() ?? null;
function toTeacherClass(row: ClassRow): TeacherClass {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    teacher: row.teacher,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    isArchived: row.archivedAt !== null,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Classes (docs/product.md#classes): teachers (and admins) run them, students join one with its code. Whoever may not see a
 * class is told it does not exist: a class id tells nothing to a stranger.
 */
export function createClassesService(deps: ClassesServiceDeps) {
  const { repository, clock } = deps;

  /** The class, if this viewer runs it (its teacher) or is an admin; else CLASS_NOT_FOUND. */
  const findManaged = async (viewer: Viewer, id: string): Promise<ClassRow> => {
    const row = await repository.find(id);
    if (!row || (row.teacherId !== viewer.userId && viewer.role !== 'admin')) throw classNotFound();
    return row;
  };

  const withFreshCode = async (write: (code: string) => Promise<boolean>): Promise<void> => {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      if (await write(generateClassCode())) return;
    }
    throw new AppError('INTERNAL', 500, 'No free class code was found.');
  };

  const checkSchedule = (startsAt: Date | null, endsAt: Date | null) => {
    if (startsAt && endsAt && startsAt >= endsAt) throw badRequest('INVALID_SCHEDULE', 'The end must come after the start.');
  };

  const assignmentsFor = (rows: AssignmentRow[], listed: Map<string, ListedChallenge>, solved: Set<string>): Assignment[] =>
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      dueAt: row.dueAt.toISOString(),
      // A challenge hidden since it was assigned is left out: its title is not the students' to read.
      challenges: row.challengeIds.flatMap((id) => {
        const challenge = listed.get(id);
        return challenge ? [{ id, title: challenge.title, isDone: solved.has(id) }] : [];
      }),
    }));

  /** The class a code opens, one try of the viewer's join limit spent. */
  const findByCodeLimited = async (viewer: Viewer, code: string): Promise<ClassRow> => {
    const consumed = await deps.joinLimiter.consume(viewer.userId);
    if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
    const row = await repository.findByCode(code);
    if (!row) throw notFound('CLASS_CODE_INVALID', 'No class has this code.');
    return row;
  };
  const listedById = async () => new Map((await deps.listListedChallenges()).map((c) => [c.id, c]));

  const service = {
    async list(viewer: Viewer): Promise<TeacherClass[]> {
      const rows = await repository.list(viewer.role === 'admin' ? undefined : viewer.userId);
      return rows.map(toTeacherClass);
    },

    async create(viewer: Viewer, body: CreateClassBody): Promise<TeacherClass> {
      const id = randomUUID();
      const startsAt = body.startsAt ? new Date(body.startsAt) : null;
      const endsAt = body.endsAt ? new Date(body.endsAt) : null;
      checkSchedule(startsAt, endsAt);
      await withFreshCode((code) => repository.insert({ id, name: body.name, teacherId: viewer.userId, code, startsAt, endsAt }));
      return toTeacherClass((await repository.find(id))!);
    },

    async update(viewer: Viewer, id: string, body: UpdateClassBody): Promise<TeacherClass> {
      const row = await findManaged(viewer, id);
      const startsAt = body.startsAt === undefined ? row.startsAt : body.startsAt === null ? null : new Date(body.startsAt);
      const endsAt = body.endsAt === undefined ? row.endsAt : body.endsAt === null ? null : new Date(body.endsAt);
      checkSchedule(startsAt, endsAt);
      const archivedAt =
        body.isArchived === undefined ? row.archivedAt : body.isArchived ? (row.archivedAt ?? clock.now()) : null;
      await repository.update(id, { ...(body.name === undefined ? {} : { name: body.name }), startsAt, endsAt, archivedAt });
      return toTeacherClass((await repository.find(id))!);
    },

    /** A new code: the old one stops working at once (a code posted where it should not be). */
    async regenerateCode(viewer: Viewer, id: string): Promise<TeacherClass> {
      await findManaged(viewer, id);
      await withFreshCode((code) => repository.update(id, { code }));
      return toTeacherClass((await repository.find(id))!);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await findManaged(viewer, id);
      await repository.delete(id);
    },

    async removeMember(viewer: Viewer, id: string, userId: string): Promise<void> {
      await findManaged(viewer, id);
      if (!(await repository.deleteMember(id, userId))) throw notFound('USER_NOT_FOUND', 'This student is not in the class.');
    },

    /** A student joins with a code: one class at a time (docs/decisions/015-classes-and-teacher-role.md). */
    /**
     * The name and teacher of the class a code opens, shown on the join page before joining. A try counts against the
     * same limit as a join, so that naming classes is no faster a way to guess codes.
     */
    async preview(viewer: Viewer, code: string): Promise<ClassPreview> {
      const row = await findByCodeLimited(viewer, code);
      return { name: row.name, teacher: row.teacher };
    },

    async join(viewer: Viewer, code: string): Promise<MyClass> {
      const row = await findByCodeLimited(viewer, code);
      const now = clock.now();
      if (row.archivedAt !== null || (row.endsAt !== null && row.endsAt <= now)) {
        throw conflict('CLASS_ENDED', 'This class has ended: it takes no new students.');
      }
      if (row.startsAt !== null && row.startsAt > now) throw conflict('CLASS_NOT_OPEN', 'This class is not open yet.');
      if (!(await repository.insertMember(row.id, viewer.userId))) {
        const membership = await repository.findMembership(viewer.userId);
        if (membership?.classId === row.id) throw conflict('CLASS_ALREADY_MEMBER', 'You are already in this class.');
        throw conflict('CLASS_MEMBER_ELSEWHERE', 'You are in another class: leave it first.');
      }
      return service.mine(viewer);
    },

    async leave(viewer: Viewer): Promise<void> {
      const membership = await repository.findMembership(viewer.userId);
      if (!membership) throw notFound('NOT_IN_A_CLASS', 'You are not in a class.');
      await repository.deleteMember(membership.classId, viewer.userId);
    },

    /** The signed-in student's class and assignments. */
    async mine(viewer: Viewer): Promise<MyClass> {
      const membership = await repository.findMembership(viewer.userId);
      const row = membership && (await repository.find(membership.classId));
      if (!row) return { class: null, assignments: [] };
      const [assignments, listed, solved] = [
        await repository.listAssignments(row.id),
        await listedById(),
        new Set(await repository.listSolvedIds(viewer.userId)),
      ];
      return {
        class: { id: row.id, name: row.name, teacher: row.teacher, startsAt: iso(row.startsAt), endsAt: iso(row.endsAt) },
        assignments: assignmentsFor(assignments, listed, solved),
      };
    },

    /** Its students ranked as on the main leaderboard; for its students, its teacher and admins only. */
    async leaderboard(viewer: Viewer, id: string, frozenAt: Date | null): Promise<ClassLeaderboard> {
      const row = await repository.find(id);
      if (!row) throw classNotFound();
      const isManager = row.teacherId === viewer.userId || viewer.role === 'admin';
      if (!isManager && (await repository.findMembership(viewer.userId))?.classId !== id) throw classNotFound();
      const members = new Set((await repository.listMembers(id)).map((m) => m.userId));
      const ranked = (await deps.standingsAt(frozenAt)).filter((s) => members.has(s.uid));
      return { name: row.name, entries: ranked.map((standing, i) => toEntry(standing, i + 1)) };
    },

    /** The teacher's matrix: each student × each listed challenge. */
    async progress(viewer: Viewer, id: string): Promise<ClassProgress> {
      const row = await findManaged(viewer, id);
      const [members, listed, assignments] = [
        await repository.listMembers(id),
        await deps.listListedChallenges(),
        await repository.listAssignments(id),
      ];
      const { solves, hints, wrong } = await repository.listProgress(members.map((m) => m.userId));
      const listedIds = new Set(listed.map((c) => c.id));
      const cells = new Map<string, Record<string, ProgressCell>>();
      const cellOf = (userId: string, challengeId: string): ProgressCell | undefined => {
        if (!listedIds.has(challengeId)) return undefined;
        let byChallenge = cells.get(userId);
        if (!byChallenge) cells.set(userId, (byChallenge = {}));
        return (byChallenge[challengeId] ??= { solvedAt: null, hintsOpened: 0, wrongAttempts: 0 });
      };
      for (const s of solves) {
        const cell = cellOf(s.userId, s.challengeId);
        if (cell) cell.solvedAt = s.solvedAt.toISOString();
      }
      for (const h of hints) {
        const cell = cellOf(h.userId, h.challengeId);
        if (cell) cell.hintsOpened = h.n;
      }
      for (const w of wrong) {
        const cell = cellOf(w.userId, w.challengeId);
        if (cell) cell.wrongAttempts = w.n;
      }
      const scores = await deps.liveScores();
      return {
        class: toTeacherClass(row),
        challenges: listed,
        students: members.map((m) => ({
          uid: m.userId,
          username: m.username,
          score: scores.get(m.userId)?.score ?? 0,
          joinedAt: m.joinedAt.toISOString(),
          cells: cells.get(m.userId) ?? {},
        })),
        assignments: assignments.map((a) => ({
          id: a.id,
          title: a.title,
          dueAt: a.dueAt.toISOString(),
          challengeIds: a.challengeIds.filter((c) => listedIds.has(c)),
        })),
      };
    },

    async createAssignment(viewer: Viewer, id: string, body: CreateAssignmentBody): Promise<void> {
      await findManaged(viewer, id);
      const listed = await listedById();
      const unknown = body.challengeIds.find((c) => !listed.has(c));
      if (unknown !== undefined) throw badRequest('CHALLENGE_NOT_FOUND', `No listed challenge ${unknown}.`);
      await deps.transaction(({ classes }) =>
        classes.insertAssignment(
          { id: randomUUID(), classId: id, title: body.title, dueAt: new Date(body.dueAt) },
          body.challengeIds,
        ),
      );
    },

    async removeAssignment(viewer: Viewer, id: string, assignmentId: string): Promise<void> {
      await findManaged(viewer, id);
      if (!(await repository.deleteAssignment(id, assignmentId))) {
        throw notFound('ASSIGNMENT_NOT_FOUND', 'Assignment not found.');
      }
    },
  };
  return service;
}
export type ClassesService = ReturnType<typeof createClassesService>;
