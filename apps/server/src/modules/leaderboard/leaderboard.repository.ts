import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { solves, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';
import { rowsOf } from '../challenges/categories.repository.js';

import type { CostedSolve } from './frozen-standings.js';

export interface StandingRow {
  id: string;
  username: string;
  email: string;
  avatarPath: string | null;
  role: string;
  score: number;
  scoreUpdatedAt: Date;
  scoreAdjustment: number;
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
          scoreAdjustment: users.scoreAdjustment,
          solvedCount: sql<number>`(select count(*)::int from solves s where s.user_id = "users"."id")`,
        })
        .from(users)
        .where(
          and(options.includeAdmins ? undefined : ne(users.role, 'admin'), or(isNull(users.banned), eq(users.banned, false))),
        );
    },

    /**
     * Solves with the costs of the hints their solver opened on the challenge: those made up to `until` (the freeze,
     * docs/product.md#freeze) and/or those of one user.
     */
    async listCostedSolves(filter: { until?: Date; userId?: string }): Promise<CostedSolve[]> {
      const cutOf = (alias: SQL) =>
        filter.until === undefined ? sql`true` : sql`${alias}.solved_at <= ${filter.until.toISOString()}::timestamptz`;
      const who = filter.userId === undefined ? sql`true` : sql`s.user_id = ${filter.userId}`;
      const rows = rowsOf<{
        user_id: string;
        challenge_id: string;
        points: number;
        solved_at: string | Date;
        costs: number;
        first_blood: boolean;
      }>(
        await db.execute(sql`select s.user_id, s.challenge_id, s.points, s.solved_at, coalesce((
            select sum(h.cost) from hint_unlocks u join challenge_hints h on h.id = u.hint_id
            where u.user_id = s.user_id and u.challenge_id = s.challenge_id), 0)::int as costs,
            s.id = (select min(f.id) from solves f where f.challenge_id = s.challenge_id and ${cutOf(sql.raw('f'))})
              as first_blood
          from solves s where ${cutOf(sql.raw('s'))} and ${who}`),
      );
      return rows.map((r) => ({
        userId: r.user_id,
        challengeId: r.challenge_id,
        points: Number(r.points),
        hintCosts: Number(r.costs),
        solvedAt: new Date(r.solved_at),
        firstBlood: r.first_blood === true || String(r.first_blood) === 't',
      }));
    },

    /**
     * Every team with its score, the sum of its solves' points (docs/decisions/016-teams.md), its solve count and when it
     * reached that score (its last solve, or its creation): one query.
     */
    async listTeamStandings(): Promise<{ id: string; name: string; score: number; solvedCount: number; reachedAt: Date }[]> {
      const rows = rowsOf<{ id: string; name: string; score: number; solved: number; reached_at: string | Date }>(
        await db.execute(sql`select t.id, t.name, (coalesce(sum(s.points), 0) + t.score_adjustment)::int as score, count(s.id)::int as solved,
            coalesce(max(s.solved_at), t.created_at) as reached_at
          from teams t left join solves s on s.team_id = t.id group by t.id`),
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        score: Number(r.score),
        solvedCount: Number(r.solved),
        reachedAt: new Date(r.reached_at),
      }));
    },

    async findScoreAdjustment(userId: string): Promise<number> {
      const [row] = await db.select({ n: users.scoreAdjustment }).from(users).where(eq(users.id, userId));
      return row?.n ?? 0;
    },

    /** The badges a user had at a time (a profile seen during a freeze). */
    async listBadgesUntil(userId: string, until: Date): Promise<string[]> {
      const rows = rowsOf<{ badge_id: string }>(
        await db.execute(sql`select badge_id from user_badges where user_id = ${userId}
          and awarded_at <= ${until.toISOString()}::timestamptz order by awarded_at, badge_id`),
      );
      return rows.map((r) => r.badge_id);
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
