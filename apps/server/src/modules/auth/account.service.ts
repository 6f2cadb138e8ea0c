import { APIError } from 'better-auth/api';

import type { ChangePasswordBody, ResetPasswordBody } from '@drapeau/shared';

import { AppError, badRequest } from '../../lib/app-error.js';

import { withMailLocale } from './auth-mail.js';
import type { AuthOutcome, AuthService } from './auth.service.js';
import type { BetterAuth } from './better-auth.js';

const invalidToken = () =>
  badRequest('INVALID_TOKEN', 'This link is not valid any more: it was used already, or it expired. Ask for a new one.');

/** The user a verification token (a JWT better-auth signed) was made for. */
function tokenUserId(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { userId?: unknown };
    return typeof payload.userId === 'string' ? payload.userId : undefined;
  } catch {
    return undefined;
  }
}

/** better-auth's answers → ours, for the account flows. */
function translate(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = (error.body as { code?: string } | undefined)?.code ?? '';
  if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED' || code === 'USER_NOT_FOUND') return invalidToken();
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') return badRequest('WEAK_PASSWORD');
  if (code === 'INVALID_PASSWORD') return new AppError('INVALID_CREDENTIALS', 401, 'The current password is wrong.');
  return new AppError('VALIDATION_FAILED', 400, error.message);
}

/**
 * Password reset, email verification, change of email and change of password (docs/decisions/012-accounts.md), through
 * better-auth's own endpoints. Every request that may send a mail answers the same whether or not the account exists.
 */
export function createAccountService(deps: { auth: BetterAuth; sessions: Pick<AuthService, 'revokeSessions'> }) {
  const { auth } = deps;
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw translate(error);
    }
  };

  return {
    async requestPasswordReset(email: string, headers: Headers): Promise<void> {
      await call(() => withMailLocale(headers, () => auth.api.requestPasswordReset({ body: { email } })));
    },

    /** Single use: better-auth consumes the token with the new password; every session of the account ends. */
    async resetPassword(body: ResetPasswordBody): Promise<void> {
      const row = await auth.$context.then((ctx) => ctx.internalAdapter.findVerificationValue(`reset-password:${body.token}`));
      await call(() => auth.api.resetPassword({ body: { token: body.token, newPassword: body.newPassword } }));
      if (row) await deps.sessions.revokeSessions(row.value);
    },

    /** The current password is required; the other sessions of the account end, this one gets a fresh cookie. */
    async changePassword(userId: string, body: ChangePasswordBody, headers: Headers): Promise<AuthOutcome<null>> {
      const { headers: out } = await call(() =>
        auth.api.changePassword({
          body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      );
      await deps.sessions.revokeSessions(userId);
      return { value: null, setCookies: out.getSetCookie() };
    },

    /** Sends the verification mail again; the same answer for any address (better-auth pads the time). */
    async requestVerification(email: string, headers: Headers): Promise<void> {
      await call(() => withMailLocale(headers, () => auth.api.sendVerificationEmail({ body: { email } })));
    },

    /** Confirms an address, or a change of address (the token says which), with the token from the mail. */
    async verifyEmail(token: string): Promise<void> {
      await call(() => auth.api.verifyEmail({ query: { token } }));
      // Checked by better-auth above: the remembered sessions of that user now hold a stale address or status.
      const userId = tokenUserId(token);
      if (userId) await deps.sessions.revokeSessions(userId);
    },

    /** Mails a link to the new address; the address changes only when that link is confirmed. */
    async changeEmail(newEmail: string, headers: Headers): Promise<void> {
      await call(() => withMailLocale(headers, () => auth.api.changeEmail({ body: { newEmail }, headers })));
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
