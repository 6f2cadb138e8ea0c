import { z } from 'zod';

import { CategoryKeySchema } from './category.js';
import { ChallengeIdSchema, LevelSchema } from './challenge.js';

/**
 * Admin shapes of the catalogue (GET/POST/PATCH /api/admin/challenges…). These carry flags: they are served by admin
 * routes only, and never by a player route (the public shapes in challenge.ts have no such field).
 */

/** A text in English (required) and French ('' = not translated yet: players read the English one). */
const AuthoredTextSchema = z.object({ en: z.string().trim().min(1), fr: z.string().trim() });
/** Same, where English may be empty too (an optional text such as the explanation). */
const OptionalAuthoredTextSchema = z.object({ en: z.string().trim(), fr: z.string().trim() });
export type OptionalAuthoredText = z.infer<typeof OptionalAuthoredTextSchema>;

export const CHALLENGE_STATES = ['visible', 'hidden'] as const;
const ChallengeStateSchema = z.enum(CHALLENGE_STATES);
export type ChallengeState = z.infer<typeof ChallengeStateSchema>;

/** Static points, or CTFd's dynamic value: decays from `initial` towards `minimum` with each solve, for every solver. */
export const DECAY_FUNCTIONS = ['linear', 'logarithmic'] as const;
const ScoringSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('static'), points: z.number().int().min(0).max(100_000) }),
  z
    .object({
      type: z.literal('dynamic'),
      initial: z.number().int().min(0).max(100_000),
      /** linear: points lost per solve; logarithmic: the solve count at which the value reaches `minimum`. */
      decay: z.number().int().min(1).max(100_000),
      minimum: z.number().int().min(0).max(100_000),
      function: z.enum(DECAY_FUNCTIONS),
    })
    .refine((s) => s.minimum <= s.initial, { path: ['minimum'], message: 'minimum must not exceed initial' }),
]);
export type Scoring = z.infer<typeof ScoringSchema>;

/**
 * A flag. Kinds: `static` (the author's text, or pattern), `derived` (HMAC of the deployment secret and the challenge:
 * `content` is ignored), `per-user` (HMAC of the secret, the challenge and the player: `content` is ignored).
 * Matchers: `exact` (after trim, constant time), `case-insensitive`, `regex` (a full match, run by a linear-time engine;
 * a pattern that is invalid or uses what it cannot run, such as back-references, is refused with 400
 * INVALID_FLAG_PATTERN and the reason). Derived and per-user flags match exactly.
 */
export const FLAG_KINDS = ['static', 'derived', 'per-user'] as const;
const FlagKindSchema = z.enum(FLAG_KINDS);
export type FlagKind = z.infer<typeof FlagKindSchema>;
export const FLAG_MATCHERS = ['exact', 'case-insensitive', 'regex'] as const;
const FlagMatcherSchema = z.enum(FLAG_MATCHERS);
export type FlagMatcher = z.infer<typeof FlagMatcherSchema>;

const FlagInputSchema = z
  .object({
    kind: FlagKindSchema,
    matcher: FlagMatcherSchema.default('exact'),
    content: z.string().max(1000).default(''),
  })
  .superRefine((flag, ctx) => {
    if (flag.kind === 'static' && flag.content.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'a static flag needs content' });
    if (flag.kind !== 'static' && flag.matcher !== 'exact')
      ctx.addIssue({ code: 'custom', path: ['matcher'], message: 'derived and per-user flags match exactly' });
  });
const AdminFlagSchema = z.object({
  id: z.number().int(),
  kind: FlagKindSchema,
  matcher: FlagMatcherSchema,
  content: z.string(),
  /** The flag this deployment accepts, for a derived flag (admins can read it); null otherwise. */
  derivedValue: z.string().nullable(),
});

const HintInputSchema = z.object({
  content: AuthoredTextSchema,
  cost: z.number().int().min(0).max(100_000).default(0),
});
const AdminHintSchema = HintInputSchema.extend({ id: z.number().int(), openCount: z.number().int() });

/**
 * A downloadable file. Uploaded files have their size and SHA-256; generated ones (`generator` set: the built-in pack's
 * files, made per deployment or per player) have null until generated.
 */
export const AdminAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  generator: z.string().nullable(),
  /** Admin download: GET /api/admin/challenges/:id/attachments/:attachmentId. */
  url: z.string(),
});
export type AdminAttachment = z.infer<typeof AdminAttachmentSchema>;

/** A file name as uploaded or imported: no directory, no leading dot, printable. */
const AttachmentNameSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._ -]*$/, 'letters, digits, dot, dash, underscore and space only');
export const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;

/** One line, as ctfcli writes it: `https://host/`, `host 1337`, `nc host 1337`, `ssh -p 2222 user@host`. */
export const ConnectionInfoSchema = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(/^[^\r\n]*$/, 'one line');

/** The fields an admin writes, without defaults (a PATCH must not fill in what it leaves out). */
const challengeFields = {
  title: AuthoredTextSchema,
  description: AuthoredTextSchema,
  explanation: OptionalAuthoredTextSchema,
  category: CategoryKeySchema,
  level: LevelSchema,
  scoring: ScoringSchema,
  author: z.string().trim().max(100).nullable(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  hints: z.array(HintInputSchema).max(20),
  /** Other challenges' ids; a cycle is refused (400 REQUIREMENT_CYCLE). */
  prerequisites: z.array(ChallengeIdSchema).max(50),
  opensAt: z.iso.datetime({ offset: true }).nullable(),
  closesAt: z.iso.datetime({ offset: true }).nullable(),
  maxAttempts: z.number().int().min(1).max(100_000).nullable(),
  state: ChallengeStateSchema,
  flags: z.array(FlagInputSchema).min(1).max(20),
  /** ctfcli's `connection_info`: where players reach a service that runs elsewhere (a URL, `host port`, an `nc` line). */
  connectionInfo: ConnectionInfoSchema.nullable(),
};
/** What an admin writes (POST /api/admin/challenges): the fields left out take their defaults. */
export const AdminChallengeBodySchema = z
  .object({
    ...challengeFields,
    /** The slug; on create, made from the English title when omitted. Never changes afterwards. */
    id: ChallengeIdSchema.optional(),
    explanation: challengeFields.explanation.default({ en: '', fr: '' }),
    author: challengeFields.author.default(null),
    tags: challengeFields.tags.default([]),
    hints: challengeFields.hints.default([]),
    prerequisites: challengeFields.prerequisites.default([]),
    opensAt: challengeFields.opensAt.default(null),
    closesAt: challengeFields.closesAt.default(null),
    maxAttempts: challengeFields.maxAttempts.default(null),
    state: challengeFields.state.default('visible'),
    connectionInfo: challengeFields.connectionInfo.default(null),
  })
  .strict();
export type AdminChallengeBody = z.infer<typeof AdminChallengeBodySchema>;
/**
 * PATCH: any field of the body, and only those (no default fills in a field left out: hiding a challenge keeps its
 * hints and the costs already paid). Hints, prerequisites and flags are replaced as a whole when given.
 */
export const AdminChallengePatchSchema = z.object(challengeFields).partial().strict();
export type AdminChallengePatch = z.infer<typeof AdminChallengePatchSchema>;

export const AdminChallengeSchema = z.object({
  id: ChallengeIdSchema,
  title: OptionalAuthoredTextSchema,
  description: OptionalAuthoredTextSchema,
  explanation: OptionalAuthoredTextSchema,
  category: CategoryKeySchema,
  level: LevelSchema,
  scoring: ScoringSchema,
  /** The value a solve gives now. */
  points: z.number().int(),
  author: z.string().nullable(),
  tags: z.array(z.string()),
  hints: z.array(AdminHintSchema),
  attachments: z.array(AdminAttachmentSchema),
  prerequisites: z.array(ChallengeIdSchema),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  maxAttempts: z.number().int().nullable(),
  state: ChallengeStateSchema,
  flags: z.array(AdminFlagSchema),
  /** The built-in pack's in-page exercise, if any (not editable). */
  lab: z.string().nullable(),
  connectionInfo: z.string().nullable(),
  /** Whether every text given in English has its French. */
  hasFrench: z.boolean(),
  /** Loaded from the built-in pack (Seed re-applies it). */
  isBuiltIn: z.boolean(),
  solveCount: z.number().int(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type AdminChallenge = z.infer<typeof AdminChallengeSchema>;

const AdminChallengeSummarySchema = AdminChallengeSchema.pick({
  id: true,
  title: true,
  category: true,
  level: true,
  points: true,
  scoring: true,
  state: true,
  hasFrench: true,
  isBuiltIn: true,
  solveCount: true,
  position: true,
  updatedAt: true,
  opensAt: true,
  closesAt: true,
}).extend({ flagCount: z.number().int(), hintCount: z.number().int(), attachmentCount: z.number().int() });
export type AdminChallengeSummary = z.infer<typeof AdminChallengeSummarySchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
export const AdminChallengeQuerySchema = z.object({
  /** Matches id, titles (EN/FR), author and tags. */
  search: z.string().trim().max(100).optional(),
  category: CategoryKeySchema.optional(),
  level: LevelSchema.optional(),
  state: ChallengeStateSchema.optional(),
  hasFrench: booleanQuery.optional(),
});
export type AdminChallengeQuery = z.infer<typeof AdminChallengeQuerySchema>;
export const AdminChallengeListSchema = z.object({ challenges: z.array(AdminChallengeSummarySchema) });
export type AdminChallengeList = z.infer<typeof AdminChallengeListSchema>;

/** POST /api/admin/challenges/:id/duplicate: the copy is hidden, with its own id (default `<id>-copy`, `-copy-2`…). */
export const DuplicateChallengeBodySchema = z.object({ id: ChallengeIdSchema.optional() }).strict();

/** DELETE /api/admin/challenges/:id: what went with it (the scores changed in the same transaction). */
export const DeleteChallengeResultSchema = z.object({ deletedSolves: z.number().int(), affectedPlayers: z.number().int() });
export type DeleteChallengeResult = z.infer<typeof DeleteChallengeResultSchema>;

/** POST /api/admin/challenges/:id/test-flag. `userId` checks a per-user flag as that player would submit it. */
export const TestFlagBodySchema = z.object({ flag: z.string().max(500), userId: z.string().max(64).optional() }).strict();
export const TestFlagResultSchema = z.object({
  isAccepted: z.boolean(),
  /** The flag that accepted it. */
  matchedFlagId: z.number().int().nullable(),
  /** When the text is another player's per-user flag: whose (the incident a real submission would record). */
  ownerUserId: z.string().nullable(),
});
export type TestFlagResult = z.infer<typeof TestFlagResultSchema>;

/** Attachment upload: the raw body (application/octet-stream), the name in the query. */
export const AttachmentUploadQuerySchema = z.object({ name: AttachmentNameSchema });

/** A per-user flag submitted by a player it does not belong to (GET /api/admin/incidents; SSE `incident` to admins). */
const SharedFlagIncidentSchema = z.object({
  id: z.number().int(),
  challengeId: z.string(),
  submitterId: z.string(),
  submitterName: z.string(),
  /** Whose flag it was; in team mode a member of the team it was made for (null when that team has no member left). */
  ownerId: z.string().nullable(),
  ownerName: z.string(),
  createdAt: z.string(),
  /** In team mode (docs/decisions/016-teams.md): the submitter's team and the team whose flag it was. */
  submitterTeamName: z.string().nullable().optional(),
  ownerTeamId: z.string().nullable().optional(),
  ownerTeamName: z.string().nullable().optional(),
});
export type SharedFlagIncident = z.infer<typeof SharedFlagIncidentSchema>;
export const IncidentListSchema = z.object({ incidents: z.array(SharedFlagIncidentSchema) });
export type IncidentList = z.infer<typeof IncidentListSchema>;

/** The built-in pack's per-user switch (PUT /api/admin/settings/per-user-flags). */
export const PerUserFlagsSettingSchema = z.object({ isBuiltInPackPerUser: z.boolean() }).strict();
export type PerUserFlagsSetting = z.infer<typeof PerUserFlagsSettingSchema>;
