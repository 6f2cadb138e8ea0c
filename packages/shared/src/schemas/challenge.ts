import { z } from 'zod';

import { LEVELS } from '../constants.js';

import { CategoryKeySchema } from './category.js';
import { LocalizedTextSchema } from './common.js';

export { LEVELS } from '../constants.js';
export const LevelSchema = z.enum(LEVELS);
export type Level = z.infer<typeof LevelSchema>;

/** A challenge's id is its slug (docs/product.md#built-in-catalogue: the slug of the English title for the built-in pack; chosen by admins otherwise). */
export const ChallengeIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/);

export const ChallengeParamsSchema = z.object({ id: ChallengeIdSchema });
export const HintParamsSchema = z.object({ id: ChallengeIdSchema, hintId: z.coerce.number().int().min(1) });
export const AttachmentParamsSchema = z.object({ id: ChallengeIdSchema, attachmentId: z.coerce.number().int().min(1) });

/**
 * A hint as a player sees it. `content` is there only once the player opened it (POST .../hints/:hintId/open), or when
 * it is free. Its cost is taken from what the challenge gives when solved, never below 0 (docs/decisions, scoring).
 */
const PublicHintSchema = z.object({
  id: z.number().int(),
  cost: z.number().int().min(0),
  isOpened: z.boolean(),
  content: LocalizedTextSchema.nullable(),
});
export type PublicHint = z.infer<typeof PublicHintSchema>;

/**
 * A file to download. `size` and `sha256` are null for a file generated for this deployment or for each player until it
 * has been generated (they differ per player for per-user flags). `url` is the download route (signed-in players only).
 */
const PublicAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  url: z.string(),
});
export type PublicAttachment = z.infer<typeof PublicAttachmentSchema>;

/** A prerequisite by id and title, so that a locked challenge can say what unlocks it. */
const ChallengeRefSchema = z.object({ id: ChallengeIdSchema, title: LocalizedTextSchema });
export type ChallengeRef = z.infer<typeof ChallengeRefSchema>;

/**
 * A challenge as a signed-in player sees it. It has no flag field: serialization drops one if a query selects it.
 * Texts are Markdown; a missing French text is sent as the English one. Challenges that are hidden, or not open yet,
 * are not listed at all. A locked challenge (prerequisites unsolved) comes with its title and `lockedBy` only: its
 * description, hints and attachments are empty until it unlocks.
 */
export const PublicChallengeSchema = z.object({
  id: ChallengeIdSchema,
  category: CategoryKeySchema,
  level: LevelSchema,
  /** What a solve gives now (the dynamic value when the challenge decays), before hint costs. */
  points: z.number().int(),
  scoring: z.enum(['static', 'dynamic']),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
  author: z.string().nullable(),
  tags: z.array(z.string()),
  hints: z.array(PublicHintSchema),
  attachments: z.array(PublicAttachmentSchema),
  /** The in-page exercise's id, when the challenge has one (built-in pack). */
  lab: z.string().nullable(),
  /**
   * Where the challenge's service is reached when it runs elsewhere (ctfcli's `connection_info`: a URL, `host port`,
   * `nc host port` or an `ssh` line); null when locked or none (docs/product.md "Challenge instances").
   */
  connectionInfo: z.string().nullable(),
  /** Whether the challenge has a service a player starts (GET /api/challenges/:id/instance then answers). */
  hasService: z.boolean(),
  isLocked: z.boolean(),
  /** The prerequisites not solved yet (empty when unlocked). */
  lockedBy: z.array(ChallengeRefSchema),
  /** Past its close time: shown read-only, submissions refused. */
  isClosed: z.boolean(),
  closesAt: z.string().nullable(),
  maxAttempts: z.number().int().nullable(),
  /** null when there is no maximum. */
  attemptsLeft: z.number().int().nullable(),
  /** The "understand and fix" text, once solved. */
  explanation: LocalizedTextSchema.nullable(),
  solved: z.boolean(),
  /** Solved by this player after the freeze (docs/product.md#freeze): shown to them, not to the others yet. */
  solvedAfterFreeze: z.boolean(),
  solveCount: z.number().int(),
  /**
   * The first solver (first blood, docs/product.md#first-blood); during a freeze, the first one before it. In team mode,
   * the first team (`teamId`, `teamName`) and the member who solved (`uid`, `username`).
   */
  firstBlood: z
    .object({ uid: z.string(), username: z.string(), teamId: z.string().optional(), teamName: z.string().optional() })
    .nullable(),
});
export type PublicChallenge = z.infer<typeof PublicChallengeSchema>;

/**
 * A challenge in the players' list (GET /api/challenges): what the list's cards, its filters and the challenge page's
 * header show, and nothing else (docs/performance.md "Catalogue figures": the list is a few hundred bytes per challenge).
 * The description, hints, attachments, explanation, connection, attempts and the exercise come from GET
 * /api/challenges/:id, read when a challenge opens. A locked challenge gives its title and `lockedBy`, as in the detail.
 */
export const ChallengeSummarySchema = PublicChallengeSchema.pick({
  id: true,
  category: true,
  level: true,
  points: true,
  title: true,
  author: true,
  tags: true,
  isLocked: true,
  lockedBy: true,
  isClosed: true,
  solved: true,
  solvedAfterFreeze: true,
  solveCount: true,
  firstBlood: true,
}).extend({
  /** Solved, and the challenge has an "understand and fix" text (`explanation` of the detail): the card leads to it. */
  hasExplanation: z.boolean(),
});
export type ChallengeSummary = z.infer<typeof ChallengeSummarySchema>;

/**
 * A challenge in the list as every player sees it alike (docs/performance.md "Catalogue figures"): the summary without the
 * player's own facts, as a newcomer sees it (a challenge with prerequisites is locked). `hasExplanation` is a fact of the
 * challenge here; the player's summary says it only once solved (mergeChallengeList).
 */
export const SharedChallengeSummarySchema = ChallengeSummarySchema.omit({ solved: true, solvedAfterFreeze: true });

/** The player's own part of the list: what makes their summaries differ from the shared ones. */
const OwnChallengeFactsSchema = z.object({
  /** The listed challenges this player (their team) solved. */
  solved: z.array(ChallengeIdSchema),
  /** Those solved after the freeze (docs/product.md#freeze): shown to them, not to the others yet. */
  solvedAfterFreeze: z.array(ChallengeIdSchema),
  /**
   * This player's view of the challenges it differs for, in place of the shared one: a prerequisite solved (the lock,
   * `lockedBy`), or their own solve after the freeze, which adds one to the count they see (and the value).
   */
  challenges: z.array(SharedChallengeSummarySchema),
});

/**
 * GET /api/challenges: one answer, what every player sees alike (the same bytes for all, kept and compressed once) and
 * the player's own part. Read it through mergeChallengeList
 * (`@drapeau/shared/challenge-list`), which gives the summaries.
 */
export const ChallengeListSchema = z.object({
  challenges: z.array(SharedChallengeSummarySchema),
  own: OwnChallengeFactsSchema,
});
export type ChallengeList = z.infer<typeof ChallengeListSchema>;

/** POST /api/challenges/:id/hints/:hintId/open: the opened hint, and what a solve now gives this player. */
export const OpenHintResultSchema = z.object({
  hint: PublicHintSchema,
  /** max(0, points − costs of the hints this player opened on this challenge). */
  pointsIfSolved: z.number().int(),
  /** The player's score after the cost (changes only when the challenge is already solved). */
  score: z.number().int(),
});
export type OpenHintResult = z.infer<typeof OpenHintResultSchema>;

export const SubmitFlagBodySchema = z.object({ flag: z.string().trim().min(1).max(500) });
export type SubmitFlagBody = z.infer<typeof SubmitFlagBodySchema>;

/**
 * `incorrect` also answers a flag that belongs to another player (a per-user flag): it is refused and recorded as a
 * shared-flag incident for admins, without telling the submitter whose it is. `practice`: a correct flag after the end of
 * an event that allows practice (docs/product.md#events): no points, no solve recorded.
 */
/** `team_already_solved`: in team mode, another member's solve already counts for the team (docs/product.md#teams). */
const SUBMIT_STATUSES = ['correct', 'incorrect', 'already_solved', 'team_already_solved', 'practice'] as const;
const SubmitStatusSchema = z.enum(SUBMIT_STATUSES);
export type SubmitStatus = z.infer<typeof SubmitStatusSchema>;

/**
 * docs/product.md#submitting-a-flag: `{success, message}`, plus a status the client matches exhaustively. A locked (403 CHALLENGE_LOCKED), closed
 * (403 CHALLENGE_CLOSED) or exhausted (403 ATTEMPTS_EXHAUSTED) challenge is an error, not a status.
 */
export const SubmitFlagResultSchema = z.object({
  success: z.boolean(),
  status: SubmitStatusSchema,
  message: z.string(),
  points: z.number().int().optional(),
  score: z.number().int().optional(),
  newBadges: z.array(z.string()).optional(),
  /** After this attempt, when the challenge has a maximum. */
  attemptsLeft: z.number().int().nullable().optional(),
});
export type SubmitFlagResult = z.infer<typeof SubmitFlagResultSchema>;
