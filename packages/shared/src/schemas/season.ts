import { z } from 'zod';

import { PageInfoSchema, PageNumberSchema } from './common.js';
import { EventNameSchema } from './event.js';

/**
 * docs/product.md#events: an event that ended, whose final standings were kept once at its end (players, or teams in team
 * mode). Listed for signed-in players and admins: GET /api/seasons, GET /api/seasons/{id}.
 */
const SeasonSchema = z.object({
  id: z.uuid(),
  name: EventNameSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  freezeAt: z.string().nullable(),
  /** The standings rank teams (team mode at the end) rather than players. */
  isTeams: z.boolean(),
  /** How many players (teams) the final standings rank. */
  entrants: z.number().int().min(0),
  /** When the standings were kept (the first read or change after the end). */
  keptAt: z.string(),
});
export type Season = z.infer<typeof SeasonSchema>;

export const SeasonListResultSchema = z.object({ seasons: z.array(SeasonSchema) });
export type SeasonListResult = z.infer<typeof SeasonListResultSchema>;

export const SeasonParamsSchema = z.object({ id: z.uuid() });
/** GET /api/seasons/{id}?page=N: the final standings are paged as the live leaderboard is (LEADERBOARD_PAGE_SIZE rows). */
export const SeasonStandingsQuerySchema = z.object({ page: PageNumberSchema });

/** One row of an event's final standings, as kept at its end. */
const SeasonStandingSchema = z.object({
  pos: z.number().int().min(1),
  /** The player's id (the team's, in team mode) at the end. */
  id: z.string(),
  /** The username (the team's name) at the end. */
  name: z.string(),
  score: z.number(),
  solved: z.number().int().min(0),
  lastSolveAt: z.string().nullable(),
});
export type SeasonStanding = z.infer<typeof SeasonStandingSchema>;

/** One page of an event's final standings; `total` is every ranked player (team). */
export const SeasonStandingsResultSchema = z.object({
  season: SeasonSchema,
  standings: z.array(SeasonStandingSchema),
  ...PageInfoSchema.shape,
  /** The signed-in player's row (their current team's, in team mode), whatever the page; null when not ranked. */
  mine: SeasonStandingSchema.nullable(),
});
export type SeasonStandingsResult = z.infer<typeof SeasonStandingsResultSchema>;
