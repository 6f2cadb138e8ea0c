import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { solves, teams, users } from '../../db/schema/index.js';
import { HINTS_OF_SOLVE } from '../../db/solve-points.js';
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

export interface TeamStandingRow {
  id: string;
  name: string;
  score: number;
  adjustment: number;
  solvedCount: number;
  reachedAt: Date;
}

/**
 * Whose standing a solve counts for: its team's in team mode, its solver's otherwise. Solves are of one kind only (team
 * mode switches only while no solve exists: docs/decisions/016-teams.md), so this needs no look at the settings.
 */
const standingIdOf = sql.raw('coalesce(s.team_id, s.user_id)');

/**
 * A team's score adjustment, added to the sum of its solves' points: the one place the team score is written
 * (docs/decisions/016-teams.md, "team score = sum of its solves' points + team adjustment"). Set by admins (docs/product.md, team management).
 */
const teamAdjustment = sql.raw('t.score_adjustment');

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
     * docs/product.md#freeze) and/or those of one user, or of one team.
     */
    async listCostedSolves(filter: { until?: Date; userId?: string; teamId?: string }): Promise<CostedSolve[]> {
      const cutOf = (alias: SQL) =>
        filter.until === undefined ? sql`true` : sql`${alias}.solved_at <= ${filter.until.toISOString()}::timestamptz`;
      const who = filter.userId === undefined ? sql`true` : sql`s.user_id = ${filter.userId}`;
      const team = filter.teamId === undefined ? sql`true` : sql`s.team_id = ${filter.teamId}`;
      const rows = rowsOf<{
        user_id: string;
        standing_id: string;
        challenge_id: string;
        points: number;
        solved_at: string | Date;
        costs: number;
        first_blood: boolean;
      }>(
        await db.execute(sql`with first_solves as (
            select f.challenge_id, min(f.id) as id from solves f where ${cutOf(sql.raw('f'))} group by f.challenge_id
          )
          select s.user_id, ${standingIdOf} as standing_id, s.challenge_id, s.points, s.solved_at, coalesce((
            select sum(h.cost) from hint_unlocks u join challenge_hints h on h.id = u.hint_id where ${HINTS_OF_SOLVE}), 0)::int
            as costs, s.id = fs.id as first_blood
          from solves s join first_solves fs on fs.challenge_id = s.challenge_id
          where ${cutOf(sql.raw('s'))} and ${who} and ${team}`),
      );
      return rows.map((r) => ({
        userId: r.user_id,
        standingId: r.standing_id,
        challengeId: r.challenge_id,
        points: Number(r.points),
        hintCosts: Number(r.costs),
        solvedAt: new Date(r.solved_at),
        firstBlood: r.first_blood === true || String(r.first_blood) === 't',
      }));
    },

    /**
     * Every team with its score, `sum of its solves' points + its adjustment` (docs/decisions/016-teams.md), the
     * adjustment alone, its solve count and when it reached that score (its last solve, or its creation): one query.
     */
    async listTeamStandings(): Promise<TeamStandingRow[]> {
      const rows = rowsOf<{
        id: string;
        name: string;
        score: number;
        adjustment: number;
        solved: number;
        reached_at: string | Date;
      }>(
        await db.execute(sql`select t.id, t.name, (coalesce(sum(s.points), 0) + ${teamAdjustment})::int as score,
            ${teamAdjustment}::int as adjustment, count(s.id)::int as solved,
            coalesce(max(s.solved_at), t.created_at) as reached_at
          from teams t left join solves s on s.team_id = t.id group by t.id`),
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        score: Number(r.score),
        adjustment: Number(r.adjustment),
        solvedCount: Number(r.solved),
        reachedAt: new Date(r.reached_at),
      }));
    },

    /** A team's name (the live first-blood announcement names the team: docs/product.md#first-blood). */
    async findTeamName(teamId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
      return row?.name;
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

    /** Every solve, for the CTFtime feed (the service keeps those of listed challenges and ranked standings). */
    async listSolves(): Promise<{ userId: string; standingId: string; challengeId: string; points: number; solvedAt: Date }[]> {
      return db
        .select({
          userId: solves.userId,
          standingId: sql<string>`coalesce(${solves.teamId}, ${solves.userId})`,
          challengeId: solves.challengeId,
          points: solves.points,
          solvedAt: solves.solvedAt,
        })
        .from(solves);
    },
  };
}
export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;
