import { z } from 'zod';

import { WRITE_UP_LIMITS } from '../constants.js';

import { ChallengeIdSchema } from './challenge.js';
import { LocaleSchema, PageInfoSchema, PageNumberSchema } from './common.js';

export { WRITE_UP_LIMITS } from '../constants.js';

// Control characters have no place in a one-line title; a NUL byte cannot be stored in any text.
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const hasNoNul = (text: string) => !text.includes(String.fromCharCode(0));

/** PUT /api/challenges/:id/write-ups/mine: creates the caller's write-up of this challenge, or replaces it. */
export const WriteUpBodySchema = z.object({
  language: LocaleSchema,
  /** Optional: blank means none (the list then shows the author's name). */
  title: z.string().trim().max(WRITE_UP_LIMITS.titleMax).regex(NO_CONTROL).nullable().default(null),
  /** Markdown, stored as written; rendered by the web app only, never as raw HTML. */
  body: z.string().trim().min(WRITE_UP_LIMITS.bodyMin).max(WRITE_UP_LIMITS.bodyMax).refine(hasNoNul),
});
export type WriteUpBody = z.infer<typeof WriteUpBodySchema>;

export const WriteUpSchema = z.object({
  id: z.number().int(),
  challengeId: ChallengeIdSchema,
  author: z.object({ uid: z.string(), username: z.string() }),
  language: LocaleSchema,
  title: z.string().nullable(),
  /** Raw Markdown: the API never renders it. */
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Hidden by a moderator: shown only to its author (marked) and to moderators. */
  isHidden: z.boolean(),
});
export type WriteUp = z.infer<typeof WriteUpSchema>;

/**
 * GET /api/challenges/:id/write-ups: the caller's own write-up apart, and a page of the others', newest first.
 * `canModerate` says whether the caller may hide and unhide them (and sees hidden ones).
 */
export const WriteUpPageSchema = z.object({
  own: WriteUpSchema.nullable(),
  writeUps: z.array(WriteUpSchema),
  canModerate: z.boolean(),
  ...PageInfoSchema.shape,
});
export type WriteUpPage = z.infer<typeof WriteUpPageSchema>;

export const WriteUpPageQuerySchema = z.object({ page: PageNumberSchema });
export const WriteUpParamsSchema = z.object({
  writeUpId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
