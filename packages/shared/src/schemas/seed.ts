import { z } from 'zod';

/** POST /api/admin/seed: "Added N challenges and M badges". */
export const SeedResultSchema = z.object({ challengeCount: z.number().int(), badgeCount: z.number().int() });
export type SeedResult = z.infer<typeof SeedResultSchema>;
