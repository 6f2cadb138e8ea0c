import { APIError } from 'better-auth/api';

import type { ErrorCode, LoginBody, PublicUser, RegisterBody, Role } from '@drapeau/shared';

import { AppError, conflict, forbidden } from '../../lib/app-error.js';
import type { UsersRepository } from '../users/users.repository.js';
import { toPublicUser, toRole } from '../users/users.service.js';

import type { BetterAuth } from './better-auth.js';
import { createSessionCache, sessionCookieOf } from './session-cache.js';

export interface SessionUser {
  userId: string;
  role: Role;
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

export function createAuthService(deps: { auth: BetterAuth; users: UsersRepository; onRegistered?: () => void }) {
  const { auth, users } = deps;
  /** Valid sessions for 10 s (docs/performance.md): hot routes skip better-auth's query; see forgetSessions(). */
  const sessionCache = createSessionCache<SessionUser>({ ttlMs: 10_000, maxEntries: 100_000 });

  async function loadUser(userId: string): Promise<PublicUser> {
    const row = await users.findUserById(userId);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return toPublicUser(row, { userId, role: toRole(row.role) });
  }

  return {
    async register(body: RegisterBody, headers: Headers): Promise<AuthOutcome<PublicUser>> {
      if (await users.isUsernameTaken(body.username)) throw conflict('USERNAME_TAKEN', 'This username is already taken.');
      try {
        const { headers: out, response } = await auth.api.signUpEmail({
          // The role is not an input of better-auth's sign-up (admin plugin: input false): new accounts are always `user`.
          body: { name: body.username, email: body.email, password: body.password, username: body.username },
          headers,
          returnHeaders: true,
        });
        deps.onRegistered?.();
        return { value: await loadUser(response.user.id), setCookies: setCookiesOf(out) };
      } catch (error) {
        throw translateError(error);
      }
    },

    async login(body: LoginBody, headers: Headers): Promise<AuthOutcome<PublicUser>> {
      try {
        const { headers: out, response } = await auth.api.signInEmail({
          body: { email: body.email, password: body.password },
          headers,
          returnHeaders: true,
        });
        return { value: await loadUser(response.user.id), setCookies: setCookiesOf(out) };
      } catch (error) {
        throw translateError(error);
      }
    },

    async logout(headers: Headers): Promise<AuthOutcome<null>> {
      const cookie = sessionCookieOf(headers.get('cookie'));
      if (cookie) sessionCache.forget(cookie);
      try {
        const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
        return { value: null, setCookies: setCookiesOf(out) };
      } catch {
        // No session, or already gone: the cookie is cleared all the same.
        return { value: null, setCookies: [] };
      }
    },

    /** The session's user, or null. A banned or deleted user has no session. Also returns the refreshed cookie. */
    async getSessionUser(headers: Headers): Promise<AuthOutcome<SessionUser | null>> {
      const cookieHeader = headers.get('cookie');
      if (!cookieHeader) return { value: null, setCookies: [] };
      const cookie = sessionCookieOf(cookieHeader);
      const cached = cookie ? sessionCache.get(cookie) : undefined;
      if (cached) return { value: cached, setCookies: [] };
      const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
      if (!response || response.user.banned === true) return { value: null, setCookies: setCookiesOf(out) };
      const value: SessionUser = { userId: response.user.id, role: toRole(response.user.role ?? 'user') };
      if (cookie) sessionCache.set(cookie, value, new Date(response.session.expiresAt).getTime());
      return { value, setCookies: setCookiesOf(out) };
    },

    /**
     * Forgets every remembered session. Call it (or publish a user change on the event bus, which app.ts wires to it)
     * whenever a role changes or a user is banned or deleted, so that the change applies to the next request.
     */
    forgetSessions: () => sessionCache.clear(),

    loadUser,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
