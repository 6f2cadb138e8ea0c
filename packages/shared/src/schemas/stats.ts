import { z } from 'zod';

/** The numbers the landing page shows; they come from the server (docs/product.md#landing-page: no hard-coded claims). */
export const PublicStatsSchema = z.object({
  challengeCount: z.number().int(),
  categoryCount: z.number().int(),
  rankTierCount: z.number().int(),
  badgeCount: z.number().int(),
  playerCount: z.number().int(),
  /** A timed event is set (docs/product.md#events): the landing page then loads the event's banner. */
  isEventMode: z.boolean(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;

/** `GET /api/health`: the process is alive (no dependency checked: a load balancer restarts on failure). */
export const HealthSchema = z.object({ status: z.literal('ok') });

/** `GET /api/ready`: database reachable, migrations applied, secrets loaded; 503 with the error shape otherwise. */
export const ReadySchema = z.object({
  status: z.literal('ready'),
  checks: z.object({ database: z.literal('ok'), migrations: z.literal('ok'), secrets: z.literal('ok') }),
});
