import { z } from 'zod';

/** GET /api/auth/sso: whether single sign-on is on, its button's label, and whether local sign-up is open. */
export const SsoInfoSchema = z.object({ enabled: z.boolean(), label: z.string(), localSignUp: z.boolean() });
export type SsoInfo = z.infer<typeof SsoInfoSchema>;

/** POST /api/auth/sso/start: where the browser goes to sign in at the provider. */
export const SsoStartSchema = z.object({ url: z.string() });
export type SsoStart = z.infer<typeof SsoStartSchema>;

/** GET /api/auth/sso/callback: what the provider sends back (checked by better-auth: state, PKCE, code). */
export const SsoCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});
