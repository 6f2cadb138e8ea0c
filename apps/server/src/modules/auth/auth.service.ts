import { APIError } from 'better-auth/api';

import type { ErrorCode, LoginBody, PublicUser, RegisterBody, Role, SecondFactorMethod } from '@drapeau/shared';

import { AppError, conflict, forbidden } from '../../lib/app-error.js';
import { createKeyedBatches } from '../../lib/keyed-batches.js';
import type { WorkGate } from '../../lib/work-gate.js';
import { toPublicUser, toRole } from '../users/users.service.js';

import type { UserAccounts } from './user-accounts.js';
import { withMailLocale } from './auth-mail.js';
import type { BetterAuth } from './better-auth.js';
import { createSessionCache } from './session-cache.js';
import { toSignUpConflict } from './sign-up-conflict.js';
import { readCookie, verifySignedValue } from './session-cookie.js';
import type { ActiveSessionRow, SessionsRepository } from './sessions.repository.js';

export interface SessionUser {
  userId: string;
  role: Role;
  /** Whether the address was confirmed (the admins may require it before playing). */
  emailVerified: boolean;
  /** Whether the account has a second factor (the admins may require one of admins). */
  twoFactorEnabled?: boolean;
  /** Set when the request carried an API token instead of a session (account pages refuse it). */
  viaToken?: boolean;
}

export interface AuthOutcome<T> {
  value: T;
  /** Set-Cookie headers to forward to the client. */
  setCookies: string[];
}

/** better-auth's codes → ours, so that the client can word each one in its language. */
const BETTER_AUTH_ERRORS: Record<string, { code: ErrorCode; status: number }> = {
  USER_ALREADY_EXISTS: { code: 'EMAIL_IN_USE', status: 409 },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'EMAIL_IN_USE', status: 409 },
  USERNAME_IS_ALREADY_TAKEN: { code: 'USERNAME_TAKEN', status: 409 },
  USERNAME_TOO_SHORT: { code: 'USERNAME_INVALID', status: 400 },
  USERNAME_TOO_LONG: { code: 'USERNAME_INVALID', status: 400 },
  INVALID_USERNAME: { code: 'USERNAME_INVALID', status: 400 },
  PASSWORD_TOO_SHORT: { code: 'WEAK_PASSWORD', status: 400 },
  PASSWORD_TOO_LONG: { code: 'WEAK_PASSWORD', status: 400 },
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', status: 401 },
  INVALID_PASSWORD: { code: 'INVALID_CREDENTIALS', status: 401 },
  BANNED_USER: { code: 'USER_BANNED', status: 403 },
};

function translateError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const betterAuthCode = (error.body as { code?: string } | undefined)?.code ?? '';
  const mapped = BETTER_AUTH_ERRORS[betterAuthCode];
  if (mapped) return new AppError(mapped.code, mapped.status, error.message);
  if (error.statusCode === 401) return new AppError('INVALID_CREDENTIALS', 401, error.message);
  if (error.statusCode === 403) return forbidden();
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', 429, error.message, 60);
  return new AppError('VALIDATION_FAILED', 400, error.message);
}

function setCookiesOf(headers: Headers | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

export function createAuthService(deps: {
  auth: BetterAuth;
  users: UserAccounts;
  sessions: SessionsRepository;
  /** How long a valid session is remembered (default 10 s); see forgetSessions() and docs/performance.md. */
  sessionCacheTtlMs?: number;
  /** The session memory's time, in ms (default Date.now; tests move it with their clock). */
  now?: () => number;
  onRegistered?: () => void;
  /** Tells every instance (itself included) that a user's sessions were revoked: see revokeSessions(). */
  publishSessionsRevoked: (userId: string) => Promise<void>;
  /**
   * The signed-in user as they see themselves (during a freeze, their score at the values they see and their solves after
   * it, docs/product.md#freeze).
   */
  ownView?: (user: PublicUser) => Promise<PublicUser>;
  /** The `emailVerification` setting is not `off` (read at each use); default on. */
  isVerificationOn?: () => boolean;
  /**
   * The password checks' gate (docs/decisions/010-abuse-limits.md "Password checks"): a sign-in or sign-up it would
   * refuse is refused before reading the account, so that a refusal costs no database work.
   */
  passwordChecks?: Pick<WorkGate, 'admit'> | undefined;
}) {
  const { auth, users, sessions } = deps;
  const sessionCache = createSessionCache<SessionUser>({
    ttlMs: deps.sessionCacheTtlMs ?? 10_000,
    maxEntries: 100_000,
    ...(deps.now ? { now: deps.now } : {}),
  });
  /** better-auth's own cookie name, secret and session ages, so that the fast path reads sessions exactly as it does. */
  const settings = auth.$context.then((ctx) => ({
    cookieName: ctx.authCookies.sessionToken.name,
    secret: ctx.secret,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  }));

  /**
   * Session rows read together: the lookups asked for while one query runs wait and go in the next one (at most 200
   * tokens), instead of a query each. A player's first request after a start, and the read-ahead of the remembered
   * sessions (session-cache.ts), thus cost a few queries for thousands of players (docs/performance.md).
   */
  const sessionRows = createKeyedBatches<string, ActiveSessionRow | undefined>(async (_key, tokens) => {
    const rows = await sessions.findByTokens(tokens);
    return tokens.map((token) => rows.get(token));
  }, 200);

  /**
   * The fast path of getSessionUser: the signed cookie checked here and one indexed query, instead of better-auth's
   * getSession (about 1 ms of CPU per request). Returns undefined whenever better-auth has something to do (no or bad
   * session, expired, due for its sliding refresh, banned): the caller then asks better-auth.
   */
  async function readSessionFast(signedValue: string): Promise<SessionUser | undefined> {
    const { secret, expiresInMs, updateAgeMs } = await settings;
    const token = verifySignedValue(signedValue, secret);
    if (!token) return undefined;
    const readAt = sessionCache.generation();
    const row = await sessionRows.submit('sessions', token);
    const now = Date.now();
    if (!row || row.banned === true || row.expiresAt.getTime() <= now) return undefined;
    if (row.expiresAt.getTime() - expiresInMs + updateAgeMs <= now) return undefined;
    const user: SessionUser = {
      userId: row.userId,
      role: toRole(row.role),
      emailVerified: row.emailVerified,
      twoFactorEnabled: row.twoFactorEnabled === true,
    };
    sessionCache.set(signedValue, user, row.expiresAt.getTime(), readAt);
    return user;
  }

  /**
   * The read-ahead of a remembered session (session-cache.ts): read again in the background; a session that is no
   * longer usable as it was (signed out, expired, banned, due for its sliding refresh) is forgotten, so that its next
   * request goes the slow way. A failed read leaves the entry to its expiry.
   */
  function refreshSession(signedValue: string): void {
    readSessionFast(signedValue).then(
      (user) => {
        if (!user) sessionCache.forget(signedValue);
      },
      () => {},
    );
  }

  /** Whose session a signed cookie is (remembered or read), without better-auth; undefined for a bad or unknown one. */
  async function userIdOfCookie(signedValue: string): Promise<string | undefined> {
    const known = sessionCache.get(signedValue);
    if (known) return known.userId;
    const token = verifySignedValue(signedValue, (await settings).secret);
    return token ? (await sessions.findByToken(token))?.userId : undefined;
  }

  /** A banned player sees the admins' reason and the end of the suspension when signing in. */
  async function withBanDetails(error: unknown, email: string): Promise<unknown> {
    if (!(error instanceof AppError) || error.code !== 'USER_BANNED') return error;
    const row = await users.findUserByEmail(email);
    if (!row) return error;
    const ban = { reason: row.banReason ?? '', until: row.banExpires?.toISOString() ?? null };
    return new AppError('USER_BANNED', 403, 'This account is suspended.', undefined, { ban });
  }

  async function loadUser(userId: string): Promise<PublicUser> {
    const row = await users.findUserById(userId);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    const user = toPublicUser(row, { userId, role: toRole(row.role) }, 0, deps.isVerificationOn?.() ?? true);
    return deps.ownView ? deps.ownView(user) : user;
  }

  return {
    async register(body: RegisterBody, headers: Headers): Promise<AuthOutcome<PublicUser>> {
      deps.passwordChecks?.admit();
      if (await users.isUsernameTaken(body.username)) throw conflict('USERNAME_TAKEN', 'This username is already taken.');
      try {
        const { headers: out, response } = await withMailLocale(headers, () =>
          auth.api.signUpEmail({
            // The role is not an input of better-auth's sign-up (admin plugin: input false): new accounts are always `user`.
            body: { name: body.username, email: body.email, password: body.password, username: body.username },
            headers,
            returnHeaders: true,
          }),
        );
        deps.onRegistered?.();
        return { value: await loadUser(response.user.id), setCookies: setCookiesOf(out) };
      } catch (error) {
        throw translateError(await toSignUpConflict(error, body, users));
      }
    },

    /**
     * The user, or the second factors to ask when the account has any: the `two_factor` cookie then awaits a code or a
     * passkey (docs/decisions/012-accounts.md#two-factor).
     */
    async login(body: LoginBody, headers: Headers): Promise<AuthOutcome<PublicUser | { methods: SecondFactorMethod[] }>> {
      deps.passwordChecks?.admit();
      try {
        const { headers: out, response } = await auth.api.signInEmail({
          body: { email: body.email, password: body.password },
          headers,
          returnHeaders: true,
        });
        if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
          // better-auth's two-factor plugin names `totp` (TOTP on); ours (second-step.ts) adds `passkey`.
          const named: unknown[] =
            'twoFactorMethods' in response && Array.isArray(response.twoFactorMethods) ? response.twoFactorMethods : [];
          const methods = named.filter((m): m is SecondFactorMethod => m === 'totp' || m === 'passkey');
          return { value: { methods: methods.length > 0 ? methods : ['totp'] }, setCookies: setCookiesOf(out) };
        }
        return { value: await loadUser(response.user.id), setCookies: setCookiesOf(out) };
      } catch (error) {
        throw await withBanDetails(translateError(error), body.email);
      }
    },

    /**
     * Ends the session, and makes every instance forget the sessions it remembers for that user before answering: the
     * cookie stops working everywhere at once, not after the memory's TTL.
     */
    async logout(headers: Headers): Promise<AuthOutcome<null>> {
      const cookieHeader = headers.get('cookie');
      const signedValue = cookieHeader ? readCookie(cookieHeader, (await settings).cookieName) : undefined;
      const userId = signedValue ? await userIdOfCookie(signedValue) : undefined;
      if (signedValue) sessionCache.forget(signedValue);
      try {
        const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
        return { value: null, setCookies: setCookiesOf(out) };
      } catch {
        // No session, or already gone: the cookie is cleared all the same.
        return { value: null, setCookies: [] };
      } finally {
        if (userId) await deps.publishSessionsRevoked(userId);
      }
    },

    /**
     * The session's user, or null. A banned or deleted user has no session. Also returns the refreshed cookie.
     * `headers` is only built when better-auth has to be asked (see readSessionFast).
     */
    async getSessionUser(cookieHeader: string | undefined, headers: () => Headers): Promise<AuthOutcome<SessionUser | null>> {
      if (!cookieHeader) return { value: null, setCookies: [] };
      const signedValue = readCookie(cookieHeader, (await settings).cookieName);
      // No session cookie: better-auth would answer null too.
      if (!signedValue) return { value: null, setCookies: [] };
      const remembered = sessionCache.get(signedValue);
      if (remembered) {
        if (sessionCache.claimRefresh(signedValue)) refreshSession(signedValue);
        return { value: remembered, setCookies: [] };
      }
      const known = await readSessionFast(signedValue);
      if (known) return { value: known, setCookies: [] };
      const { headers: out, response } = await auth.api.getSession({ headers: headers(), returnHeaders: true });
      if (!response || response.user.banned === true) return { value: null, setCookies: setCookiesOf(out) };
      return {
        value: {
          userId: response.user.id,
          role: toRole(response.user.role ?? 'user'),
          emailVerified: response.user.emailVerified,
          twoFactorEnabled: response.user.twoFactorEnabled === true,
        },
        setCookies: setCookiesOf(out),
      };
    },

    /**
     * Call after a user's role, ban, password or address changed, or the user was deleted: the sessions remembered for
     * that user are forgotten here at once and on the other instances when the `sessions` event arrives, so that the
     * change applies to the user's next request everywhere. Resolves once every instance has been told: await it before
     * answering the change.
     */
    async revokeSessions(userId: string): Promise<void> {
      sessionCache.forgetUser(userId);
      await deps.publishSessionsRevoked(userId);
    },

    /** The receiving end of the `sessions` event (another instance revoked a user's sessions). */
    forgetUserSessions: (userId: string) => sessionCache.forgetUser(userId),

    /** Forgets every remembered session (tests; a change made outside the app). */
    forgetSessions: () => sessionCache.clear(),

    loadUser,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
