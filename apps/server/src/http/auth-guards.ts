import type { FastifyReply, FastifyRequest } from 'fastify';

import { forbidden, unauthenticated } from '../lib/app-error.js';
import type { AuthService, SessionUser } from '../modules/auth/auth.service.js';

import { toWebHeaders } from './web-headers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards below; null when the request is anonymous. */
    sessionUser: SessionUser | null;
  }
}

export interface Guards {
  /**
   * Every route under /api (a hook): 401 when an `Authorization` header names no valid token, public routes included,
   * so that a script learns it at once. The token's holder is kept for the route's own guard.
   */
  rejectInvalidToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Resolves the session if any; never refuses, except a token that is not valid (a script must learn it at once). */
  optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** 401 unless signed in; 403 EMAIL_NOT_VERIFIED while the admins require a confirmed address and it is not. */
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * 401 unless signed in, confirmed address or not (account pages: resend the mail, fix the address, sign out, tokens).
   * 403 TOKEN_NOT_ALLOWED with an API token: a token never manages the account it belongs to.
   */
  requireAccount: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * 401 unless signed in, 403 unless admin: checked on the server whatever the client shows. 403 TWO_FACTOR_REQUIRED
   * while the admins require a second factor of admins and this one has none (neither TOTP nor a passkey).
   */
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * requireAdmin, and 403 TOKEN_NOT_ALLOWED with an API token, admin-scoped or not: what holds every secret (the backup,
   * the flag list) needs a browser session.
   */
  requireAdminSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * A teacher or an admin (docs/product.md#classes): 401 unless signed in, 403 otherwise. A teacher passes as requireUser
   * does (confirmed address when required); an admin as requireAdmin does (second factor when required).
   */
  requireTeacher: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** Checks an API token (docs/decisions/012-accounts.md#api-tokens): its holder, or undefined when it is not valid. */
export type TokenAuthenticator = (
  token: string,
) => Promise<Pick<SessionUser, 'userId' | 'role' | 'emailVerified' | 'twoFactorEnabled'> | undefined>;

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthenticated();
  return request.sessionUser;
}

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

export function createGuards(
  auth: AuthService,
  policy: {
    isEmailVerificationRequired: () => boolean;
    isTwoFactorRequiredForAdmins: () => boolean;
    /** Read only for an admin without TOTP while a second factor is required of admins. */
    hasPasskey: (userId: string) => Promise<boolean>;
  },
  authenticateToken: TokenAuthenticator,
): Guards {
  const resolve = async (request: FastifyRequest, reply: FastifyReply) => {
    // Already read by rejectInvalidToken: one query per request.
    if (request.sessionUser?.viaToken) return request.sessionUser;
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      // A script's token, instead of the cookie: refused outright when not valid, whatever the route.
      const token = BEARER.exec(authorization)?.[1];
      const holder = token ? await authenticateToken(token) : undefined;
      if (!holder) {
        throw unauthenticated('This API token is not valid: unknown, revoked, expired, or its account is suspended.');
      }
      request.sessionUser = { ...holder, viaToken: true };
      return request.sessionUser;
    }
    const { value, setCookies } = await auth.getSessionUser(request.headers.cookie, () => toWebHeaders(request));
    if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
    request.sessionUser = value;
    return value;
  };
  /** The checks of requireUser and requireAdmin on a resolved session, so that requireTeacher can reuse them. */
  const checkUser = (user: SessionUser | null): SessionUser => {
    if (!user) throw unauthenticated();
    if (!user.emailVerified && user.role !== 'admin' && policy.isEmailVerificationRequired()) {
      throw forbidden('EMAIL_NOT_VERIFIED', 'Confirm your email address first: follow the link in the mail we sent.');
    }
    return user;
  };
  const checkAdmin = async (user: SessionUser | null): Promise<void> => {
    if (!user) throw unauthenticated();
    if (user.role !== 'admin') throw forbidden('FORBIDDEN', 'Only admins can do this.');
    // A second factor is TOTP or a passkey: either makes every sign-in of the account two-step.
    if (!user.twoFactorEnabled && policy.isTwoFactorRequiredForAdmins() && !(await policy.hasPasskey(user.userId))) {
      throw forbidden('TWO_FACTOR_REQUIRED', 'Set up two-factor authentication on your account page first.');
    }
  };
  const refuseToken = (user: SessionUser | null) => {
    if (user?.viaToken) throw forbidden('TOKEN_NOT_ALLOWED', 'Sign in with your password to do this.');
  };
  return {
    rejectInvalidToken: async (request, reply) => {
      if (request.headers.authorization !== undefined) await resolve(request, reply);
    },
    optionalUser: async (request, reply) => {
      await resolve(request, reply);
    },
    requireUser: async (request, reply) => {
      checkUser(await resolve(request, reply));
    },
    requireAccount: async (request, reply) => {
      const user = await resolve(request, reply);
      if (!user) throw unauthenticated();
      if (user.viaToken) throw forbidden('TOKEN_NOT_ALLOWED', 'Sign in with your password to manage your account.');
    },
    requireAdmin: async (request, reply) => {
      await checkAdmin(await resolve(request, reply));
    },
    requireAdminSession: async (request, reply) => {
      const user = await resolve(request, reply);
      await checkAdmin(user);
      refuseToken(user);
    },
    requireTeacher: async (request, reply) => {
      const user = await resolve(request, reply);
      if (user?.role === 'admin') return checkAdmin(user);
      if (checkUser(user).role !== 'teacher') throw forbidden('FORBIDDEN', 'Only teachers and admins can do this.');
    },
  };
}
