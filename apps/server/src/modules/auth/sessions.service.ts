import type { AccountSession } from '@drapeau/shared';

import { AppError, notFound } from '../../lib/app-error.js';

import type { BetterAuth } from './better-auth.js';
import type { OwnSessionRow, SessionsRepository } from './sessions.repository.js';
import { describeUserAgent } from './user-agent.js';

function toAccountSession(row: OwnSessionRow, currentId: string): AccountSession {
  const lastUsedAt = row.updatedAt.getTime() > row.createdAt.getTime() ? row.updatedAt.toISOString() : null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt,
    expiresAt: row.expiresAt.toISOString(),
    ...describeUserAgent(row.userAgent),
    // better-auth stores "" when the request named no address.
    ipAddress: row.ipAddress || null,
    current: row.id === currentId,
  };
}

/**
 * The account page's sessions (docs/decisions/012-accounts.md#sessions): list them, end one, end all but this one.
 * Rows are read and deleted in better-auth's session table by user, never by token (its `listSessions` wants a session
 * younger than a day); this request's session is the one better-auth's getSession names. Every end is followed by
 * `revokeSessions`, so that no instance serves the ended cookie from its memory: its next request is 401.
 */
export function createSessionsService(deps: {
  auth: BetterAuth;
  repository: SessionsRepository;
  revokeSessions: (userId: string) => Promise<void>;
}) {
  const { auth, repository } = deps;

  /** The id of the request's own session (the guard let a cookie through: account routes refuse tokens). */
  async function currentSessionId(userId: string, headers: Headers): Promise<string> {
    const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    if (found?.user.id !== userId) throw new AppError('UNAUTHENTICATED', 401, 'Sign in first.');
    return found.session.id;
  }

  return {
    async list(userId: string, headers: Headers): Promise<AccountSession[]> {
      const currentId = await currentSessionId(userId, headers);
      const rows = await repository.listOfUser(userId, new Date());
      return rows.map((row) => toAccountSession(row, currentId));
    },

    /** Ends one of the user's sessions; 404 for an id the user has no session of (another user's included). */
    async end(userId: string, sessionId: string): Promise<void> {
      if (!(await repository.deleteOfUser(userId, sessionId))) {
        throw notFound('SESSION_NOT_FOUND', 'This session does not exist or has already ended.');
      }
      await deps.revokeSessions(userId);
    },

    /** Ends every session of the user but this request's; how many ended. */
    async endOthers(userId: string, headers: Headers): Promise<number> {
      const ended = await repository.deleteOthersOfUser(userId, await currentSessionId(userId, headers));
      if (ended > 0) await deps.revokeSessions(userId);
      return ended;
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
