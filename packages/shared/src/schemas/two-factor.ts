import { z } from 'zod';

import { PASSWORD_MAX } from './user.js';

/** A code from the authenticator app (6 digits) or a backup code (`abcde-12345`). */
const TwoFactorCodeSchema = z.string().trim().min(6).max(32);

/** GET /api/auth/two-factor: whether the signed-in user has a second factor. */
export const TwoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/auth/two-factor/enable: the current password starts an enrolment. */
export const EnableTwoFactorBodySchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX) }).strict();
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBodySchema>;

/**
 * The enrolment, shown once: the `otpauth://` URI (the QR code), its secret to type by hand, and ten single-use backup
 * codes. Two-factor is on only once a first code is confirmed.
 */
export const TwoFactorEnrolmentSchema = z.object({
  totpURI: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

/** POST /api/auth/two-factor/confirm: the first code from the app. */
export const ConfirmTwoFactorBodySchema = z.object({ code: TwoFactorCodeSchema }).strict();
export type ConfirmTwoFactorBody = z.infer<typeof ConfirmTwoFactorBodySchema>;

/** POST /api/auth/two-factor/disable: the password and a current code (or a backup code). */
export const DisableTwoFactorBodySchema = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX), code: TwoFactorCodeSchema })
  .strict();
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBodySchema>;

/** POST /api/auth/two-factor/verify: the second step of a sign-in, with a code or a backup code. */
export const VerifyTwoFactorBodySchema = z
  .object({ code: TwoFactorCodeSchema, method: z.enum(['totp', 'backup']).default('totp') })
  .strict();
export type VerifyTwoFactorBody = z.infer<typeof VerifyTwoFactorBodySchema>;

/** A second factor an account can complete a sign-in with: a code from the authenticator app, or a passkey. */
const SecondFactorMethodSchema = z.enum(['totp', 'passkey']);
export type SecondFactorMethod = z.infer<typeof SecondFactorMethodSchema>;

/**
 * POST /api/auth/login, when the account has a second factor: no session yet, the second step comes next with one of
 * `methods` (a passkey completes it too when TOTP is on).
 */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(SecondFactorMethodSchema),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;
