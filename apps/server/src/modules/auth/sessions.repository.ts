import { eq, sql } from 'drizzle-orm';

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
  const findByToken = db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      role: users.role,
      banned: users.banned,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('drapeau_find_session');
  return {
    /** One indexed query (sessions.token is unique) with the user's role and ban. */
    async findByToken(token: string): Promise<ActiveSessionRow | undefined> {
      const [row] = await findByToken.execute({ token });
      return row;
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
