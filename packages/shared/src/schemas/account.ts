import { z } from 'zod';

import { PageInfoSchema, PageNumberSchema } from './common.js';
import { EmailSchema } from './auth.js';
import { PASSWORD_MAX } from './user.js';

/** The token of a link from a mail (reset or verification): opaque, bounded. */
const MailTokenSchema = z.string().min(10).max(2048);

/** POST /api/auth/password/forgot and /api/auth/email/verification: the same answer whether or not the account exists. */
export const EmailOnlyBodySchema = z.object({ email: EmailSchema });
export type EmailOnlyBody = z.infer<typeof EmailOnlyBodySchema>;

export const ResetPasswordBodySchema = z.object({
  token: MailTokenSchema,
  newPassword: z.string().min(1).max(PASSWORD_MAX),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: z.string().min(1).max(PASSWORD_MAX),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const VerifyEmailBodySchema = z.object({ token: MailTokenSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

export const ChangeEmailBodySchema = z.object({ newEmail: EmailSchema });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

/** How email verification works on this platform (admin setting). */
export const EMAIL_VERIFICATION_MODES = ['off', 'optional', 'required'] as const;
export const EmailVerificationModeSchema = z.enum(EMAIL_VERIFICATION_MODES);
export type EmailVerificationMode = z.infer<typeof EmailVerificationModeSchema>;

/** GET /api/admin/mail: the outbox, when no SMTP server is configured (admins only: the mails hold sign-in links). */
const OutboxMailSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  /** The language the mail was written in (the recipient's). */
  language: z.enum(['en', 'fr']),
  text: z.string(),
  /** Shown to admins only inside a sandboxed frame: never put into the page itself. */
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const OutboxPageSchema = z.object({
  mode: z.enum(['smtp', 'outbox']),
  mails: z.array(OutboxMailSchema),
  ...PageInfoSchema.shape,
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;
export const OutboxQuerySchema = z.object({ page: PageNumberSchema });

/** POST /api/admin/users/:userId/ban: a reason shown to the player at sign-in, and an optional end. */
export const BAN_REASON_MAX = 500;
export const BanUserBodySchema = z
  .object({
    reason: z.string().trim().min(1).max(BAN_REASON_MAX),
    until: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();
export type BanUserBody = z.infer<typeof BanUserBodySchema>;
