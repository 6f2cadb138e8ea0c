import { z } from 'zod';

/**
 * POST /api/challenges/{id}/lab: one in-page exercise's server-side check.
 * `action` names what the player did; `input` is what they typed. Each lab handler reads the actions it knows.
 */
export const LabRequestSchema = z.object({
  action: z.string().min(1).max(40),
  input: z.record(z.string().max(40), z.string().max(2000)).default({}),
});
export type LabRequest = z.infer<typeof LabRequestSchema>;

/**
 * `ok`: the exercise's success state was reached. `code` is a stable key the web app translates
 * (`labs:<labId>.<code>`); `output` carries data the page shows verbatim (canned command output, a debug query, a flag).
 */
export const LabResponseSchema = z.object({
  ok: z.boolean(),
  code: z.string(),
  output: z.record(z.string(), z.string()).default({}),
});
export type LabResponse = z.infer<typeof LabResponseSchema>;
