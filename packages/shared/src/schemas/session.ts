import { z } from 'zod';

/**
 * GET /api/account/sessions: where the signed-in user is signed in (docs/product.md#sessions). Never the session's
 * token: `id` names a session to end and signs nobody in.
 */
const AccountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** When the session was last extended (at most once a day as it is used); null while it never was. */
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The browser and the system in words, from the user agent it signed in with ("Firefox", "Windows"); null if unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The address it signed in from, as the server saw it; null if unknown. */
  ipAddress: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionListSchema = z.array(AccountSessionSchema);
export type AccountSessionList = z.infer<typeof AccountSessionListSchema>;

export const AccountSessionParamsSchema = z.object({ sessionId: z.string().min(1).max(128) });

/** POST /api/account/sessions/end-others */
export const EndedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;
