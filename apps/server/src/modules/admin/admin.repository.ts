import { and, count, eq, inArray, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import type { Role } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { badges, scoreAdjustments, sessions, userBadges, users } from '../../db/schema/index.js';
import { profileChangeColumns, shownUsername, type UserRow, userRowColumns } from '../../db/user-row.js';

/** The fields an admin action reads before changing them (for the audit log's from/to). */
interface TargetUser {
  id: string;
  username: string;
  email: string;
  role: string;
  bio: string;
  avatarPath: string | null;
}

interface StatsRow {
  totalUsers: number;
  admins: number;
}

export interface PageWindow {
  offset: number;
  limit: number;
}

/** Case-insensitive substring match, without LIKE wildcards to escape. */
const contains = (column: SQLWrapper, text: string): SQL => sql`strpos(lower(${column}), lower(${text})) > 0`;
export const matchesUser = (text: string): SQL =>
  or(contains(sql`coalesce(${users.username}, '')`, text), contains(users.email, text)) as SQL;

export interface AdminRepository {
  computeStats(): Promise<StatsRow>;
  /** The ids of the users the search matches (every user without one), to be ordered by score (the ledger's). */
  listUserIds(search: string | undefined): Promise<{ id: string; createdAt: Date }[]>;
  /** These users' rows. */
  listUsersByIds(ids: readonly string[]): Promise<UserRow[]>;
  findUserById(id: string): Promise<UserRow | undefined>;
  /**
   * Reads the user and locks the row until the transaction ends, so that a concurrent solve commits before (and is
   * counted by) the statements that follow, or waits until after them.
   */
  lockUser(id: string): Promise<TargetUser | undefined>;
  isUsernameTakenByOther(username: string, userId: string): Promise<boolean>;
  updateProfile(id: string, fields: { username?: string; bio?: string }): Promise<void>;
  /**
   * Records an admin's "set to" (docs/decisions/007-scoring.md): `delta` (the number typed minus the score now) is what
   * the row adds to the derived score from now on.
   */
  insertScoreAdjustment(adjustment: { userId: string; amount: number; delta: number; actorId: string }): Promise<void>;
  /** Sets the role and ends every session of the account (docs/product.md#sessions): it signs in again with its new rights. */
  updateRole(id: string, role: Role): Promise<void>;
  badgeExists(badgeId: string): Promise<boolean>;
  /** false when the user already holds the badge. */
  insertUserBadge(userId: string, badgeId: string): Promise<boolean>;
  /** false when the user does not hold the badge. */
  deleteUserBadge(userId: string, badgeId: string): Promise<boolean>;
  /**
   * Solves, badges, submissions, sessions and accounts go with it (ON DELETE CASCADE). The scoring ledger derives the
   * rest: values and first bloods follow the solves that remain (docs/product.md#first-blood).
   */
  deleteUser(id: string): Promise<void>;
}

/** `db` may be a transaction: app.ts binds one to each admin change's unit of work. */
export function createAdminRepository(db: Db): AdminRepository {
  return {
    async computeStats(): Promise<StatsRow> {
      const [row] = await db
        .select({
          totalUsers: count(),
          admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
        })
        .from(users);
      return row ?? { totalUsers: 0, admins: 0 };
    },

    async listUserIds(search: string | undefined) {
      return db
        .select({ id: users.id, createdAt: users.createdAt })
        .from(users)
        .where(search ? matchesUser(search) : undefined);
    },

    async listUsersByIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select(userRowColumns)
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select(userRowColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async lockUser(id: string): Promise<TargetUser | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          username: shownUsername,
          email: users.email,
          role: users.role,
          bio: users.bio,
          avatarPath: users.avatarPath,
        })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row;
    },

    async isUsernameTakenByOther(username: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.id} <> ${userId}`));
      return row !== undefined;
    },

    async updateProfile(id: string, fields: { username?: string; bio?: string }): Promise<void> {
      await db
        .update(users)
        .set({ ...profileChangeColumns(fields), updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async insertScoreAdjustment(adjustment) {
      await db.insert(scoreAdjustments).values({ ...adjustment, kind: 'set', reason: 'admin' });
    },

    async updateRole(id: string, role: Role): Promise<void> {
      await db
        .update(users)
        .set({ role, updatedAt: sql`now()` })
        .where(eq(users.id, id));
      await db.delete(sessions).where(eq(sessions.userId, id));
    },

    async badgeExists(badgeId: string): Promise<boolean> {
      const [row] = await db.select({ id: badges.id }).from(badges).where(eq(badges.id, badgeId));
      return row !== undefined;
    },

    async insertUserBadge(userId: string, badgeId: string): Promise<boolean> {
      const inserted = await db
        .insert(userBadges)
        .values({ userId, badgeId })
        .onConflictDoNothing()
        .returning({ id: userBadges.badgeId });
      return inserted.length > 0;
    },

    async deleteUserBadge(userId: string, badgeId: string): Promise<boolean> {
      const deleted = await db
        .delete(userBadges)
        .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badgeId)))
        .returning({ id: userBadges.badgeId });
      return deleted.length > 0;
    },

    async deleteUser(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}

export { isUsernameConflict } from '../../db/user-row.js';
