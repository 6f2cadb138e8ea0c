import { eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { teams, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';
import { rowsOf } from '../../db/rows-of.js';

/** Who can stand on the players' board: their names and what the ranking needs besides the ledger's numbers. */
export interface PlayerRow {
  id: string;
  username: string;
  email: string;
  avatarPath: string | null;
  role: string;
  banned: boolean;
  createdAt: Date;
}

export interface TeamRow {
  id: string;
  name: string;
  createdAt: Date;
}

/** The boards' directory (docs/architecture.md#leaderboard-in-memory): names, never a score (the ledger's). */
export function createLeaderboardRepository(db: Db) {
  return {
    /** Every user, banned and staff included: who of them is ranked is the directory's choice (ranked-rows.ts). */
    async listPlayers(): Promise<PlayerRow[]> {
      return db
        .select({
          id: users.id,
          username: shownUsername,
          email: users.email,
          avatarPath: users.avatarPath,
          role: users.role,
          banned: sql<boolean>`coalesce(${users.banned}, false)`,
          createdAt: users.createdAt,
        })
        .from(users);
    },

    /** Every team: a team appears as soon as it is created, with 0 points (docs/product.md#teams). */
    async listTeams(): Promise<TeamRow[]> {
      return db.select({ id: teams.id, name: teams.name, createdAt: teams.createdAt }).from(teams);
    },

    /** A team's name (the live first-blood announcement names the team: docs/product.md#first-blood). */
    async findTeamName(teamId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
      return row?.name;
    },

    /** The badges a user had at a time (a profile seen during a freeze). */
    async listBadgesUntil(userId: string, until: Date): Promise<string[]> {
      const rows = rowsOf<{ badge_id: string }>(
        await db.execute(sql`select badge_id from user_badges where user_id = ${userId}
          and awarded_at <= ${until.toISOString()}::timestamptz order by awarded_at, badge_id`),
      );
      return rows.map((r) => r.badge_id);
    },
  };
}
export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;
