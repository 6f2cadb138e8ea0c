import { count, eq, sql } from 'drizzle-orm';

import type { Role } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { isUsernameConflict, profileChangeColumns, type UserRow, userRowColumns } from '../../db/user-row.js';

export type { UserRow };

export function createUsersRepository(db: Db) {
  return {
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select(userRowColumns).from(users).where(eq(users.id, id));
      return row;
    },
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select(userRowColumns).from(users).where(eq(users.email, email));
      return row;
    },
    async isUsernameTaken(username: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      return row !== undefined;
    },
    /**
     * A change of role ends the account's sessions with it, as the admin's edit does (docs/product.md#sessions): the
     * account signs in again with its new rights. The caller then tells every instance (`revokeSessions`).
     */
    async updateRole(id: string, role: Role): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
      });
    },
    /**
     * Sets the username (shown as typed, unique case-insensitively) and/or the bio; false when another user holds the
     * name (the unique index decides when two renames to one name race past the check).
     */
    async updateProfile(id: string, changes: { username?: string; bio?: string }): Promise<boolean> {
      try {
        await db
          .update(users)
          .set({ ...profileChangeColumns(changes), updatedAt: new Date() })
          .where(eq(users.id, id));
        return true;
      } catch (error) {
        if (isUsernameConflict(error)) return false;
        throw error;
      }
    },
    /**
     * Whether another user's name has this skeleton (auth/username-policy.ts) without being this very name in another case
     * (that one is USERNAME_TAKEN). A scan of the users: run on sign-up and rename only.
     */
    async isUsernameConfusable(skeleton: string, username: string, exceptUserId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          sql`replace(translate(lower(${users.username}), '01i|._-', 'olll'), 'rn', 'm') = ${skeleton}
            and lower(${users.username}) <> lower(${username})
            and ${users.id} <> ${exceptUserId ?? ''}`,
        )
        .limit(1);
      return row !== undefined;
    },
    async isUsernameTakenByOther(username: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username}) and ${users.id} <> ${userId}`);
      return row !== undefined;
    },
    async updateAvatarPath(id: string, avatarPath: string | null): Promise<void> {
      await db.update(users).set({ avatarPath, updatedAt: new Date() }).where(eq(users.id, id));
    },
    /** Every user's id (to find whose per-user flag a shared one is). */
    async listUserIds(): Promise<string[]> {
      return (await db.select({ id: users.id }).from(users)).map((r) => r.id);
    },
    async countAdmins(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
      return row?.n ?? 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
