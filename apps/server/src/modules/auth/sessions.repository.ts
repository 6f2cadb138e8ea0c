import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';

import { anyOf } from '../../db/array-params.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export interface ActiveSessionRow {
  userId: string;
  expiresAt: Date;
  role: string;
  banned: boolean | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean | null;
}

/** A session as its owner sees it in the list: never its token. */
export interface OwnSessionRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * better-auth's session table: the read side for the guards' fast path (auth.service getSessionUser), and a user's own
 * sessions for the account page (sessions.service.ts), always by user so that nobody reaches another's.
 */
export function createSessionsRepository(db: Db) {
  const columns = {
    token: sessions.token,
    userId: sessions.userId,
    expiresAt: sessions.expiresAt,
    role: users.role,
    banned: users.banned,
    emailVerified: users.emailVerified,
    twoFactorEnabled: users.twoFactorEnabled,
  };
  const select = () => db.select(columns).from(sessions).innerJoin(users, eq(users.id, sessions.userId));
  const findByToken = select()
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('drapeau_find_session');
  return {
    /** One indexed query (sessions.token is unique) with the user's role and ban. */
    async findByToken(token: string): Promise<ActiveSessionRow | undefined> {
      const [row] = await findByToken.execute({ token });
      return row;
    },
    /** The sessions of these tokens in one indexed query (the prepared one for a single token), by token. */
    async findByTokens(tokens: readonly string[]): Promise<Map<string, ActiveSessionRow>> {
      const rows =
        tokens.length === 1
          ? await findByToken.execute({ token: tokens[0]! })
          : await select().where(anyOf(sessions.token, tokens));
      return new Map(rows.map((row) => [row.token, row]));
    },
    /** The user's unexpired sessions, oldest first. */
    async listOfUser(userId: string, now: Date): Promise<OwnSessionRow[]> {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(asc(sessions.createdAt), asc(sessions.id));
    },
    /** Deletes one of the user's sessions; false when the user has none of that id. */
    async deleteOfUser(userId: string, sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },
    /** Deletes every session of the user but `keepId`; how many it deleted. */
    async deleteOthersOfUser(userId: string, keepId: string): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return deleted.length;
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
