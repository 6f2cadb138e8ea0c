import { z } from 'zod';

import { LocalizedTextSchema } from './common.js';

export const CATEGORIES = ['web-client', 'web-server', 'networking', 'app-script', 'app-system', 'forensics'] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

export const LEVELS = ['very-easy', 'easy', 'medium', 'hard'] as const;
export const LevelSchema = z.enum(LEVELS);
export type Level = z.infer<typeof LevelSchema>;

/** The id is the slug of the English title (docs/product.md#challenges). */
export const ChallengeIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/);

export const ChallengeParamsSchema = z.object({ id: ChallengeIdSchema });

/** A challenge as every signed-in player sees it. It has no flag field: serialization drops one if a query selects it. */
export const PublicChallengeSchema = z.object({
  id: ChallengeIdSchema,
  category: CategorySchema,
  level: LevelSchema,
  points: z.number().int(),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
  hint: LocalizedTextSchema.nullable(),
  solutionType: z.enum(['download']).nullable(),
  /** The download's file name (the link label), when the challenge has a file. */
  fileName: z.string().nullable(),
  solved: z.boolean(),
  solveCount: z.number().int(),
});
export type PublicChallenge = z.infer<typeof PublicChallengeSchema>;

export const ChallengeListSchema = z.object({ challenges: z.array(PublicChallengeSchema) });

export const SubmitFlagBodySchema = z.object({ flag: z.string().trim().min(1).max(500) });
export type SubmitFlagBody = z.infer<typeof SubmitFlagBodySchema>;

export const SUBMIT_STATUSES = ['correct', 'incorrect', 'already_solved'] as const;
export const SubmitStatusSchema = z.enum(SUBMIT_STATUSES);
export type SubmitStatus = z.infer<typeof SubmitStatusSchema>;

/** `{success, message}`, plus a status the client matches exhaustively (docs/product.md#submitting-a-flag). */
export const SubmitFlagResultSchema = z.object({
  success: z.boolean(),
  status: SubmitStatusSchema,
  message: z.string(),
  points: z.number().int().optional(),
  score: z.number().int().optional(),
  newBadges: z.array(z.string()).optional(),
});
export type SubmitFlagResult = z.infer<typeof SubmitFlagResultSchema>;
