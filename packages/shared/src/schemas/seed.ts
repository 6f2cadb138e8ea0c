import { z } from 'zod';

import { ImportReportSchema } from './import.js';

/**
 * POST /api/admin/seed: re-applies the built-in pack (upsert by id, solves kept) and says what it really did:
 * "Added N challenges and M badges", with the per-challenge report of the importer.
 */
export const SeedResultSchema = z.object({
  challengeCount: z.number().int(),
  badgeCount: z.number().int(),
  report: ImportReportSchema,
});
export type SeedResult = z.infer<typeof SeedResultSchema>;
