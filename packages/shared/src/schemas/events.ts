import { z } from 'zod';

/**
 * Server-Sent Events on GET /api/events. `event:` is the type; `data:` the JSON payload.
 *
 * @public The contract's schema; the web reads only its type.
 */
export const SolveEventSchema = z.object({
  userId: z.string(),
  /** In team mode, the team the solve belongs to (docs/product.md#teams). */
  teamId: z.string().optional(),
  /** In team mode, the team's name: a first blood is announced naming the team (docs/product.md#first-blood). */
  teamName: z.string().optional(),
  username: z.string(),
  challengeId: z.string(),
  points: z.number().int(),
  /** The first solve of this challenge by anyone. */
  firstBlood: z.boolean(),
  score: z.number().int(),
  solvedAt: z.string(),
});
export type SolveEvent = z.infer<typeof SolveEventSchema>;

/**
 * Scores or users changed (a solve, an admin edit, a deletion): refetch standings.
 *
 * @public The contract's schema; the web reads only its type.
 */
export const LeaderboardChangedEventSchema = z.object({
  reason: z.enum(['solve', 'hint', 'user-updated', 'user-deleted', 'seed', 'settings', 'catalogue', 'team']),
});
export type LeaderboardChangedEvent = z.infer<typeof LeaderboardChangedEventSchema>;

/**
 * The catalogue changed (an admin edit, an import, a seed): refetch the challenge list.
 *
 * @public The contract's schema; the web reads only its type.
 */
export const ChallengesChangedEventSchema = z.object({ challengeIds: z.array(z.string()) });
export type ChallengesChangedEvent = z.infer<typeof ChallengesChangedEventSchema>;

/** Sent to admins' streams only: a shared-flag incident (the payload is SharedFlagIncident, authoring.ts). */
export const SERVER_EVENT_TYPES = ['solve', 'leaderboard', 'challenges', 'incident', 'announcement', 'event'] as const;
