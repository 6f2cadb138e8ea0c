import { APIError } from 'better-auth/api';

import type {
  ConfirmTwoFactorBody,
  DisableTwoFactorBody,
  PublicUser,
  TwoFactorEnrolment,
  TwoFactorStatus,
  VerifyTwoFactorBody,
} from '@drapeau/shared';

import { AppError, badRequest, conflict, rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditService } from '../audit/audit.service.js';

import type { AuthOutcome, AuthService } from './auth.service.js';
import type { BetterAuth } from './better-auth.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

const invalidCode = () => new AppError('TWO_FACTOR_INVALID_CODE', 401, 'This code is not valid.');
const expired = () =>
  new AppError('TWO_FACTOR_EXPIRED', 401, 'This sign-in has expired or had too many wrong codes: sign in again.');

/** better-auth's two-factor answers → ours. */
function translate(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = (error.body as { code?: string } | undefined)?.code ?? '';
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') return invalidCode();
  if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return expired();
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return new AppError('RATE_LIMITED', 429, error.message, 15 * 60);
  if (code === 'TOTP_ALREADY_ENABLED') return conflict('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor is already on.');
  if (code === 'TOTP_NOT_ENABLED' || code === 'BACKUP_CODES_NOT_ENABLED' || code === 'TWO_FACTOR_NOT_ENABLED') {
    return badRequest('TWO_FACTOR_NOT_ENABLED', 'Two-factor is not on for this account.');
  }
  if (code === 'INVALID_PASSWORD') return new AppError('INVALID_CREDENTIALS', 401, 'The password is wrong.');
  if (error.statusCode === 401) return invalidCode();
  return new AppError('VALIDATION_FAILED', 400, error.message);
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translate(error);
  }
}

/** The base32 secret of an `otpauth://totp/…?secret=…` URI, for those who type it instead of scanning. */
function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get('secret') ?? '';
}

/**
 * TOTP and backup codes through better-auth's two-factor plugin (docs/decisions/012-accounts.md#two-factor). Around it:
 * a TOTP code is accepted once (`usedCodes`, kept past its validity window), checks made with a session are limited per
 * user, and an admin can reset a player's second factor (audited).
 */
export function createTwoFactorService(deps: {
  auth: BetterAuth;
  repository: TwoFactorRepository;
  sessions: Pick<AuthService, 'revokeSessions' | 'loadUser'>;
  audit: Pick<AuditService, 'record'>;
  /** One point per user and code: a second use of the same code is a replay. */
  usedCodes: RateLimiter;
  /** Code checks per user with a session (confirm, disable). */
  attemptLimiter: RateLimiter;
}) {
  const { auth, repository } = deps;

  /** Refuses a TOTP code already accepted for this user. */
  async function markUsed(userId: string, code: string): Promise<boolean> {
    return (await deps.usedCodes.consume(`${userId}:${code}`)).allowed;
  }

  async function limitAttempts(userId: string) {
    const consumed = await deps.attemptLimiter.consume(userId);
    if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
    return consumed;
  }

  return {
    async getStatus(userId: string): Promise<TwoFactorStatus> {
      return { enabled: await repository.isEnabled(userId) };
    },

    /** Starts an enrolment (password required); two-factor is on only once confirm() gets a first code. */
    async enable(userId: string, password: string, headers: Headers): Promise<TwoFactorEnrolment> {
      const attempt = await limitAttempts(userId);
      const result = await call(() => auth.api.enableTwoFactor({ body: { password }, headers }));
      await attempt.refund();
      const totpURI = 'totpURI' in result && typeof result.totpURI === 'string' ? result.totpURI : '';
      const backupCodes = 'backupCodes' in result && Array.isArray(result.backupCodes) ? result.backupCodes : [];
      return { totpURI, secret: secretOf(totpURI), backupCodes };
    },

    /** The first code turns two-factor on; better-auth replaces the session (its new cookie is returned). */
    async confirm(userId: string, body: ConfirmTwoFactorBody, headers: Headers): Promise<AuthOutcome<null>> {
      const attempt = await limitAttempts(userId);
      if (!(await markUsed(userId, body.code))) throw invalidCode();
      const { headers: out } = await call(() => auth.api.verifyTOTP({ body: { code: body.code }, headers, returnHeaders: true }));
      await attempt.refund();
      await deps.sessions.revokeSessions(userId);
      return { value: null, setCookies: out.getSetCookie() };
    },

    /**
     * A current TOTP code of the signed-in user (an admin token's second factor): limited like confirm and disable,
     * and accepted once.
     */
    async verifyCode(userId: string, code: string, headers: Headers): Promise<void> {
      const attempt = await limitAttempts(userId);
      if (!(await markUsed(userId, code))) throw invalidCode();
      await call(() => auth.api.verifyTOTP({ body: { code }, headers }));
      await attempt.refund();
    },

    /** Needs the password and a current code (or a backup code). */
    async disable(userId: string, body: DisableTwoFactorBody, headers: Headers): Promise<AuthOutcome<null>> {
      const attempt = await limitAttempts(userId);
      const isBackupCode = body.code.includes('-');
      if (!isBackupCode && !(await markUsed(userId, body.code))) throw invalidCode();
      await call(() =>
        isBackupCode
          ? auth.api.verifyBackupCode({ body: { code: body.code, disableSession: true }, headers })
          : auth.api.verifyTOTP({ body: { code: body.code }, headers }),
      );
      const { headers: out } = await call(() =>
        auth.api.disableTwoFactor({ body: { password: body.password }, headers, returnHeaders: true }),
      );
      await attempt.refund();
      await deps.sessions.revokeSessions(userId);
      return { value: null, setCookies: out.getSetCookie() };
    },

    /**
     * The second step of a sign-in (the `two_factor` cookie of the first): a session once the code is right. A TOTP code
     * already used for this account is refused and the session just made is ended.
     */
    async verifySignIn(body: VerifyTwoFactorBody, headers: Headers): Promise<AuthOutcome<PublicUser>> {
      const { headers: out, response } = await call(() =>
        body.method === 'backup'
          ? auth.api.verifyBackupCode({ body: { code: body.code }, headers, returnHeaders: true })
          : auth.api.verifyTOTP({ body: { code: body.code }, headers, returnHeaders: true }),
      );
      const userId = response.user.id;
      if (body.method === 'totp' && !(await markUsed(userId, body.code))) {
        if (response.token) await repository.deleteSession(response.token);
        throw invalidCode();
      }
      return { value: await deps.sessions.loadUser(userId), setCookies: out.getSetCookie() };
    },

    /** An admin removes a player's second factor (lost phone, no backup code left); audited. */
    async resetForUser(actorId: string, userId: string): Promise<void> {
      const target = await repository.reset(userId);
      if (!target) throw new AppError('USER_NOT_FOUND', 404, 'This user does not exist.');
      await deps.audit.record({ actorId, action: 'user.two-factor-reset', targetUserId: userId, targetName: target.username });
      await deps.sessions.revokeSessions(userId);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
