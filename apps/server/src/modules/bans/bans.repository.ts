import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

interface BanTarget {
  id: string;
  username: string;
}

/** better-auth's ban columns (admin plugin) and sessions, written in the caller's transaction with its audit entry. */
export interface BansRepository {
  /** Reads the user and locks the row until the transaction ends. */
  lockUser(id: string): Promise<BanTarget | undefined>;
  /** null restores the account. */
  setBan(id: string, ban: { reason: string; until: Date | null } | null): Promise<void>;
  deleteSessions(userId: string): Promise<void>;
}

/** `db` is the ban's transaction (the unit of work app.ts gives the bans service). */
export function createBansRepository(db: Db): BansRepository {
  return {
    async lockUser(id: string): Promise<BanTarget | undefined> {
      const [row] = await db.select({ id: users.id, username: shownUsername }).from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    async setBan(id: string, ban: { reason: string; until: Date | null } | null): Promise<void> {
      await db
        .update(users)
        .set({ banned: ban !== null, banReason: ban?.reason ?? null, banExpires: ban?.until ?? null, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
    /** Every session of the user ends: a stolen or open browser session stops at its next request. */
    async deleteSessions(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}
