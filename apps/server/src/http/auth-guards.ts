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
  /** Resolves the session if any; never refuses. */
  optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** 401 unless signed in; 403 EMAIL_NOT_VERIFIED while the admins require a confirmed address and it is not. */
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** 401 unless signed in, confirmed address or not (account pages: resend the mail, fix the address, sign out). */
  requireAccount: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** 401 unless signed in, 403 unless admin: checked on the server whatever the client shows. */
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthenticated();
  return request.sessionUser;
}

export function createGuards(auth: AuthService, policy: { isEmailVerificationRequired: () => boolean }): Guards {
  const resolve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { value, setCookies } = await auth.getSessionUser(request.headers.cookie, () => toWebHeaders(request.headers));
    if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
    request.sessionUser = value;
    return value;
  };
  return {
    optionalUser: async (request, reply) => {
      await resolve(request, reply);
    },
    requireUser: async (request, reply) => {
      const user = await resolve(request, reply);
      if (!user) throw unauthenticated();
      if (!user.emailVerified && user.role !== 'admin' && policy.isEmailVerificationRequired()) {
        throw forbidden('EMAIL_NOT_VERIFIED', 'Confirm your email address first: follow the link in the mail we sent.');
      }
    },
    requireAccount: async (request, reply) => {
      if (!(await resolve(request, reply))) throw unauthenticated();
    },
    requireAdmin: async (request, reply) => {
      const user = await resolve(request, reply);
      if (!user) throw unauthenticated();
      if (user.role !== 'admin') throw forbidden('FORBIDDEN', 'Only admins can do this.');
    },
  };
}
