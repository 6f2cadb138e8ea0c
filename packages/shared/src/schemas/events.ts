import { z } from 'zod';

/** Server-Sent Events on GET /api/events. `event:` is the type; `data:` the JSON payload. */
export const SolveEventSchema = z.object({
  userId: z.string(),
  username: z.string(),
  challengeId: z.string(),
  points: z.number().int(),
  /** The first solve of this challenge by anyone. */
  firstBlood: z.boolean(),
  score: z.number().int(),
  solvedAt: z.string(),
});
export type SolveEvent = z.infer<typeof SolveEventSchema>;

/** Scores or users changed (a solve, an admin edit, a deletion): refetch standings. */
export const LeaderboardChangedEventSchema = z.object({
  reason: z.enum(['solve', 'user-updated', 'user-deleted', 'seed', 'settings']),
});
export type LeaderboardChangedEvent = z.infer<typeof LeaderboardChangedEventSchema>;

export const SERVER_EVENT_TYPES = ['solve', 'leaderboard'] as const;
export type ServerEventType = (typeof SERVER_EVENT_TYPES)[number];
