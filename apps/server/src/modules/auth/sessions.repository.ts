import { eq, sql } from 'drizzle-orm';

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

/** The read side of better-auth's session table, for the guards' fast path (auth.service getSessionUser). */
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
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
