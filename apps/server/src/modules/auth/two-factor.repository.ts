import { eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { passkeys, sessions, twoFactors, users } from '../../db/schema/index.js';

/** better-auth's two-factor columns, for what its API does not offer: a status, an admin's reset. */
export function createTwoFactorRepository(db: Db) {
  return {
    async isEnabled(userId: string): Promise<boolean> {
      const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
      return row?.enabled === true;
    },

    /** Turns two-factor off, forgets the secret and the backup codes, removes the passkeys; undefined if no such user. */
    async reset(userId: string): Promise<{ username: string } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ twoFactorEnabled: false, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning({ username: sql<string>`coalesce(${users.displayUsername}, ${users.username}, ${users.name})` });
        if (!row) return undefined;
        await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
        await tx.delete(passkeys).where(eq(passkeys.userId, userId));
        return row;
      });
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.token, token));
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
