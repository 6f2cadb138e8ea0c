import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { passkeys, sessions, twoFactors, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

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
          .returning({ username: shownUsername });
        if (!row) return undefined;
        await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
        await tx.delete(passkeys).where(eq(passkeys.userId, userId));
        return row;
      });
    },

    /** A passkey is a second factor too (docs/decisions/012-accounts.md#passkeys). */
    async hasPasskey(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
      return row !== undefined;
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.token, token));
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
