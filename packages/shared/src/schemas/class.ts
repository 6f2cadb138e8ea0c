import { z } from 'zod';

import { LocalizedTextSchema } from './common.js';
import { LeaderboardEntrySchema } from './leaderboard.js';

/** Bounds of classes (docs/product.md#classes). */
export const CLASS_LIMITS = {
  nameMax: 80,
  assignmentTitleMax: 120,
  challengesPerAssignment: 50,
  /** Join codes: this many characters of CLASS_CODE_ALPHABET (about 50 bits), shown in groups of five. */
  codeLength: 10,
} as const;

/** No 0/O, 1/I/L: a code read aloud or copied from a board is typed right. */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as typed: case, spaces and dashes do not matter. */
const ClassCodeSchema = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().min(1));

const DateTimeSchema = z.iso.datetime({ offset: true });

export const ClassParamsSchema = z.object({ id: z.uuid() });
export const ClassMemberParamsSchema = z.object({ id: z.uuid(), userId: z.string().min(1).max(64) });
export const ClassAssignmentParamsSchema = z.object({ id: z.uuid(), assignmentId: z.uuid() });

/** POST /api/classes: a name and optional dates (joining is refused before the start and after the end). */
export const CreateClassBodySchema = z
  .object({
    name: z.string().trim().min(1).max(CLASS_LIMITS.nameMax),
    startsAt: DateTimeSchema.nullable().optional(),
    endsAt: DateTimeSchema.nullable().optional(),
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt), {
    message: 'The end must come after the start.',
    path: ['endsAt'],
  });
export type CreateClassBody = z.infer<typeof CreateClassBodySchema>;

/** PATCH /api/classes/:id: rename, move the dates, archive (archived classes take no new students) or restore. */
export const UpdateClassBodySchema = z
  .object({
    name: z.string().trim().min(1).max(CLASS_LIMITS.nameMax).optional(),
    startsAt: DateTimeSchema.nullable().optional(),
    endsAt: DateTimeSchema.nullable().optional(),
    isArchived: z.boolean().optional(),
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt), {
    message: 'The end must come after the start.',
    path: ['endsAt'],
  });
export type UpdateClassBody = z.infer<typeof UpdateClassBodySchema>;

/** A class as its teacher (and admins) see it: the join code is theirs to hand out. */
export const TeacherClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  teacher: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  isArchived: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type TeacherClass = z.infer<typeof TeacherClassSchema>;
export const TeacherClassListSchema = z.object({ classes: z.array(TeacherClassSchema) });
export type TeacherClassList = z.infer<typeof TeacherClassListSchema>;

/** POST /api/classes/join. */
export const JoinClassBodySchema = z.object({ code: ClassCodeSchema });
export type JoinClassBody = z.infer<typeof JoinClassBodySchema>;

/** POST /api/classes/preview: the class a code opens, named before the student joins it (counted as a join attempt). */
export const ClassPreviewSchema = z.object({ name: z.string(), teacher: z.string() });
export type ClassPreview = z.infer<typeof ClassPreviewSchema>;

/** One challenge of an assignment; `isDone` is the signed-in student's own progress. */
const AssignmentChallengeSchema = z.object({ id: z.string(), title: LocalizedTextSchema, isDone: z.boolean() });

const AssignmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  dueAt: z.string(),
  challenges: z.array(AssignmentChallengeSchema),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

/** POST /api/classes/:id/assignments: a set of listed challenges to solve by a date. */
export const CreateAssignmentBodySchema = z.object({
  title: z.string().trim().min(1).max(CLASS_LIMITS.assignmentTitleMax),
  dueAt: DateTimeSchema,
  challengeIds: z
    .array(z.string().min(1).max(120))
    .min(1)
    .max(CLASS_LIMITS.challengesPerAssignment)
    .refine((ids) => new Set(ids).size === ids.length, 'Each challenge once.'),
});
export type CreateAssignmentBody = z.infer<typeof CreateAssignmentBodySchema>;

/** A class as one of its students sees it: no code, no members' emails. */
const StudentClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  teacher: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

/** GET /api/classes/mine: the signed-in student's class (null when in none) and its assignments, done or not. */
export const MyClassSchema = z.object({
  class: StudentClassSchema.nullable(),
  assignments: z.array(AssignmentSchema),
});
export type MyClass = z.infer<typeof MyClassSchema>;

/** GET /api/classes/:id/leaderboard: the class's students ranked by the main leaderboard's rule. */
export const ClassLeaderboardSchema = z.object({
  name: z.string(),
  entries: z.array(LeaderboardEntrySchema),
});
export type ClassLeaderboard = z.infer<typeof ClassLeaderboardSchema>;

/** One cell of the teacher's matrix: when it was solved (null: not yet), hints opened, wrong flags sent. */
const ProgressCellSchema = z.object({
  solvedAt: z.string().nullable(),
  hintsOpened: z.number().int(),
  wrongAttempts: z.number().int(),
});
export type ProgressCell = z.infer<typeof ProgressCellSchema>;

/** GET /api/classes/:id/progress: students × listed challenges. Cells with nothing to show are left out. */
export const ClassProgressSchema = z.object({
  class: TeacherClassSchema,
  challenges: z.array(z.object({ id: z.string(), title: LocalizedTextSchema, category: z.string(), points: z.number().int() })),
  students: z.array(
    z.object({
      uid: z.string(),
      username: z.string(),
      score: z.number().int(),
      joinedAt: z.string(),
      cells: z.record(z.string(), ProgressCellSchema),
    }),
  ),
  assignments: z.array(AssignmentSchema.omit({ challenges: true }).extend({ challengeIds: z.array(z.string()) })),
});
export type ClassProgress = z.infer<typeof ClassProgressSchema>;
