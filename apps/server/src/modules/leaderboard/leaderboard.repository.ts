import { and, eq, isNull, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { solves, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

export interface StandingRow {
  id: string;
  username: string;
  email: string;
  avatarPath: string | null;
  role: string;
  score: number;
  scoreUpdatedAt: Date;
  solvedCount: number;
}

export function createLeaderboardRepository(db: Db) {
  return {
    /**
     * Every user who is not banned, with their solve count: one query, no N+1. Admins are left out when the platform
     * setting says so (docs/decisions/008-platform-settings.md).
     */
    async listStandings(options: { includeAdmins: boolean }): Promise<StandingRow[]> {
      return db
        .select({
          id: users.id,
          username: shownUsername,
          email: users.email,
          avatarPath: users.avatarPath,
          role: users.role,
          score: users.score,
          scoreUpdatedAt: users.scoreUpdatedAt,
          solvedCount: sql<number>`(select count(*)::int from solves s where s.user_id = "users"."id")`,
        })
        .from(users)
        .where(
          and(options.includeAdmins ? undefined : eq(users.role, 'user'), or(isNull(users.banned), eq(users.banned, false))),
        );
    },

    /** Every solve, for the CTFtime feed (the service keeps those of listed challenges and ranked players). */
    async listSolves(): Promise<{ userId: string; challengeId: string; points: number; solvedAt: Date }[]> {
      return db
        .select({ userId: solves.userId, challengeId: solves.challengeId, points: solves.points, solvedAt: solves.solvedAt })
        .from(solves);
    },
  };
}
export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;
