import { z } from 'zod';

import { RoleSchema } from './user.js';

export const LEADERBOARD_PAGE_SIZE = 100;

export const LeaderboardQuerySchema = z.object({
  /** Username (substring) or email, case-insensitive; matched on the server. */
  search: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
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
  /** Users matching the search (all users without one). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;
