import { z } from 'zod';

import { PageInfoSchema, PageNumberSchema, SearchTextSchema } from './common.js';
import { RoleSchema } from './user.js';

export const LEADERBOARD_PAGE_SIZE = 100;

export const LeaderboardQuerySchema = z.object({
  /** Username (substring) or email, case-insensitive; matched on the server. */
  search: SearchTextSchema.optional(),
  page: PageNumberSchema,
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

export const LeaderboardEntrySchema = z.object({
  /** 1-based place: score descending, ties to whoever reached the score first. */
  position: z.number().int(),
  uid: z.string(),
  username: z.string(),
  avatarUrl: z.string(),
  rank: RoleSchema,
  score: z.number().int(),
  solvedCount: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardPageSchema = z.object({
  entries: z.array(LeaderboardEntrySchema),
  /** `total`: users matching the search (all users without one). */
  ...PageInfoSchema.shape,
  /** Team mode (docs/product.md#teams): the entries are teams, `uid` a team's id and `username` its name. */
  isTeams: z.boolean().optional(),
});
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;
