import { z } from 'zod';

/** The numbers the landing page shows; they come from the server (docs/product.md#landing-page: no hard-coded claims). */
export const PublicStatsSchema = z.object({
  challengeCount: z.number().int(),
  categoryCount: z.number().int(),
  rankTierCount: z.number().int(),
  badgeCount: z.number().int(),
  playerCount: z.number().int(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
