import { and, asc, count, desc, eq, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import type { Role } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { badges, sessions, userBadges, users } from '../../db/schema/index.js';
import { profileChangeColumns, shownUsername, type UserRow, userRowColumns } from '../../db/user-row.js';
// The score SQL is the catalogue's: one definition of a solve's points (first-blood bonus included).
import { createCatalogueRepository } from '../challenges/catalogue.repository.js';
import { rowsOf } from '../challenges/categories.repository.js';

/** The fields an admin action reads before changing them (for the audit log's from/to). */
interface TargetUser {
  id: string;
  username: string;
  email: string;
  role: string;
  score: number;
  bio: string;
  avatarPath: string | null;
}

interface StatsRow {
  totalUsers: number;
  admins: number;
  totalPoints: number;
  avgScore: number;
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
  listUsers(search: string | undefined, window: PageWindow): Promise<{ rows: UserRow[]; total: number }>;
  findUserById(id: string): Promise<UserRow | undefined>;
  /**
   * Reads the user and locks the row until the transaction ends, so that a concurrent solve commits before (and is
   * counted by) the statements that follow, or waits until after them.
   */
  lockUser(id: string): Promise<TargetUser | undefined>;
  isUsernameTakenByOther(username: string, userId: string): Promise<boolean>;
  updateProfile(id: string, fields: { username?: string; bio?: string }): Promise<void>;
  /**
   * Sets the total: the adjustment becomes `score - sum(solve points)`, keeping the invariant of docs/product.md#scoring.
   */
  setScore(id: string, score: number): Promise<void>;
  /** Sets the role and ends every session of the account (docs/product.md#sessions): it signs in again with its new rights. */
  updateRole(id: string, role: Role): Promise<void>;
  badgeExists(badgeId: string): Promise<boolean>;
  /** false when the user already holds the badge. */
  insertUserBadge(userId: string, badgeId: string): Promise<boolean>;
  /** false when the user does not hold the badge. */
  deleteUserBadge(userId: string, badgeId: string): Promise<boolean>;
  /** The first-blood bonus, held until the transaction ends (see the catalogue repository). */
  lockFirstBloodBonus(): Promise<number>;
  /**
   * Solves, badges, submissions, sessions and accounts go with it (ON DELETE CASCADE). Where it was the first blood, the
   * next solver becomes it and gets `firstBloodBonus` (docs/product.md#first-blood).
   */
  deleteUser(id: string, firstBloodBonus: number): Promise<void>;
}

/** `db` may be a transaction: app.ts binds one to each admin change's unit of work. */
export function createAdminRepository(db: Db): AdminRepository {
  return {
    async computeStats(): Promise<StatsRow> {
      const [row] = await db
        .select({
          totalUsers: count(),
          admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
          totalPoints: sql<number>`coalesce(sum(${users.score}), 0)`.mapWith(Number),
          avgScore: sql<number>`coalesce(round(avg(${users.score})), 0)`.mapWith(Number),
        })
        .from(users);
      return row ?? { totalUsers: 0, admins: 0, totalPoints: 0, avgScore: 0 };
    },

    async listUsers(search: string | undefined, window: PageWindow) {
      const where = search ? matchesUser(search) : undefined;
      const rows = await db
        .select(userRowColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.score), asc(users.createdAt), asc(users.id))
        .limit(window.limit)
        .offset(window.offset);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { rows, total: total?.n ?? 0 };
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
          score: users.score,
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

    async setScore(id: string, score: number): Promise<void> {
      await db
        .update(users)
        .set({
          score,
          scoreAdjustment: sql`${score}::int - coalesce((select sum(s.points) from solves s where s.user_id = ${id}), 0)::int`,
          scoreUpdatedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
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

    async lockFirstBloodBonus(): Promise<number> {
      return createCatalogueRepository(db).lockFirstBloodBonus();
    },

    async deleteUser(id: string, firstBloodBonus: number): Promise<void> {
      const firsts = rowsOf<{ challenge_id: string }>(
        await db.execute(sql`select s.challenge_id from solves s where s.user_id = ${id}
          and s.id = (select min(f.id) from solves f where f.challenge_id = s.challenge_id)`),
      ).map((row) => row.challenge_id);
      await db.delete(users).where(eq(users.id, id));
      await createCatalogueRepository(db).rescoreFirstBloods(firstBloodBonus, firsts);
    },
  };
}

export { isUsernameConflict } from '../../db/user-row.js';
