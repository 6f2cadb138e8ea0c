import { z } from 'zod';

import { ImportReportSchema } from './import.js';

/** What Seed did to the badge list: badges added, changed, and already equal to the built-in ones. */
const SeedBadgesReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

/**
 * POST /api/admin/seed: re-applies the built-in pack (upsert by id, solves kept) and says what it really did: the
 * importer's per-challenge report (created, updated, unchanged) and the same counts for the badges. `challengeCount` is the
 * number of challenges created or updated; `badgeCount` the number of built-in badges.
 */
export const SeedResultSchema = z.object({
  challengeCount: z.number().int(),
  badgeCount: z.number().int(),
  report: ImportReportSchema,
  badges: SeedBadgesReportSchema,
});
export type SeedResult = z.infer<typeof SeedResultSchema>;
