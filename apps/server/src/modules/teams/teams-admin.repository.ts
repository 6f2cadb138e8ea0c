import { asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { challenges, teamMembers, teams, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';
// The score SQL is the catalogue's: one definition of a solve's points (dynamic value, hints, first-blood bonus).
import { createCatalogueRepository, toScoring } from '../challenges/catalogue.repository.js';
import { rowsOf } from '../challenges/categories.repository.js';
import { challengeValue } from '../scoring/ledger.js';

import type { TeamRow } from './teams.repository.js';

export interface AdminTeamRow extends TeamRow {
  /** The sum of its solves' points plus its adjustment. */
  score: number;
  solvedCount: number;
}

export interface TeamSolveRow {
  id: number;
  userId: string;
  challengeId: string;
  solvedAt: Date;
}

/**
 * Admin team management (docs/decisions/016-teams.md): the list, the locks and the writes that move solves and scores.
 * Drizzle and SQL only; the rules are teams-admin.service.ts's.
 */
export interface TeamsAdminRepository {
  /** Paged, searched by team name or member username (substring, any case), highest score first. */
  listTeams(
    search: string | undefined,
    window: { offset: number; limit: number },
  ): Promise<{ rows: AdminTeamRow[]; total: number }>;
  findTeam(teamId: string): Promise<AdminTeamRow | undefined>;
  listMembersOf(teamIds: string[]): Promise<{ teamId: string; userId: string; username: string; joinedAt: Date }[]>;
  findUsername(userId: string): Promise<string | undefined>;
  /**
   * Locks these teams' rows until the transaction ends, in the order of their ids whatever the order given: two changes
   * on the same two teams wait for each other instead of deadlocking. Returns the teams found.
   */
  lockTeams(teamIds: string[]): Promise<{ id: string; name: string; captainId: string | null; scoreAdjustment: number }[]>;
  /**
   * Locks the first-blood bonus, then every challenge's row, in id order: what a solve locks, taken first, so that a
   * change that removes solves and rescores waits for the solves in progress and never deadlocks with one.
   */
  lockScoring(): Promise<void>;
  listTeamSolves(teamId: string): Promise<TeamSolveRow[]>;
  /** Deletes these solves and takes their points off their solvers' scores (`users.score` sums the solves they made). */
  deleteSolves(solveIds: number[]): Promise<void>;
  /** Gives every solve of `fromTeamId` to `toTeamId`; the number moved. */
  moveSolves(fromTeamId: string, toTeamId: string): Promise<number>;
  /** Every member of `fromTeamId` joins `toTeamId`; their ids. */
  moveMembers(fromTeamId: string, toTeamId: string): Promise<string[]>;
  /** Every member leaves the team; their ids. */
  deleteMembersOf(teamId: string): Promise<string[]>;
  setAdjustment(teamId: string, adjustment: number): Promise<void>;
  /**
   * Rescores every solve of these challenges at the challenge's value for its solve count (docs/product.md#scoring): a
   * removed solve lowers the count (a dynamic value rises) and may have been the first blood. Moves the solvers' scores.
   */
  rescoreChallenges(challengeIds: string[]): Promise<void>;
}

const contains = (column: ReturnType<typeof sql>, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

export function createTeamsAdminRepository(db: Db): TeamsAdminRepository {
  const catalogue = createCatalogueRepository(db);
  const teamRows = async (where: ReturnType<typeof sql>, window?: { offset: number; limit: number }) => {
    const page = window ? sql`limit ${window.limit} offset ${window.offset}` : sql``;
    const rows = rowsOf<{
      id: string;
      name: string;
      invite_code: string;
      captain_id: string | null;
      created_at: string | Date;
      score_adjustment: number;
      score: number;
      solved: number;
    }>(
      await db.execute(sql`select t.id, t.name, t.invite_code, t.captain_id, t.created_at, t.score_adjustment,
          (coalesce((select sum(s.points) from solves s where s.team_id = t.id), 0) + t.score_adjustment)::int as score,
          (select count(*) from solves s where s.team_id = t.id)::int as solved
        from teams t where ${where} order by score desc, t.created_at asc, t.id asc ${page}`),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      inviteCode: r.invite_code,
      captainId: r.captain_id,
      createdAt: new Date(r.created_at),
      scoreAdjustment: Number(r.score_adjustment),
      score: Number(r.score),
      solvedCount: Number(r.solved),
    }));
  };
  const searchOf = (search: string | undefined) =>
    search
      ? sql`(${contains(sql`t.name`, search)} or exists (select 1 from team_members m join users u on u.id = m.user_id
          where m.team_id = t.id and ${contains(sql`coalesce(u.username, '')`, search)}))`
      : sql`true`;
  return {
    async listTeams(search, window) {
      const rows = await teamRows(searchOf(search), window);
      const [total] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from teams t where ${searchOf(search)}`),
      );
      return { rows, total: Number(total?.n ?? 0) };
    },
    async findTeam(teamId) {
      const [row] = await teamRows(sql`t.id = ${teamId}`);
      return row;
    },
    async listMembersOf(teamIds) {
      if (teamIds.length === 0) return [];
      return db
        .select({
          teamId: teamMembers.teamId,
          userId: teamMembers.userId,
          username: shownUsername,
          joinedAt: teamMembers.joinedAt,
        })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(inArray(teamMembers.teamId, teamIds))
        .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
    },
    async findUsername(userId) {
      const [row] = await db.select({ username: shownUsername }).from(users).where(eq(users.id, userId));
      return row?.username;
    },
    async lockTeams(teamIds) {
      if (teamIds.length === 0) return [];
      return db
        .select({ id: teams.id, name: teams.name, captainId: teams.captainId, scoreAdjustment: teams.scoreAdjustment })
        .from(teams)
        .where(inArray(teams.id, teamIds))
        .orderBy(asc(teams.id))
        .for('update');
    },
    async lockScoring() {
      await catalogue.lockFirstBloodBonus();
      await db.execute(sql`select id from challenges order by id for no key update`);
    },
    async listTeamSolves(teamId) {
      const rows = rowsOf<{ id: number; user_id: string; challenge_id: string; solved_at: string | Date }>(
        await db.execute(sql`select id, user_id, challenge_id, solved_at from solves where team_id = ${teamId} order by id`),
      );
      return rows.map((r) => ({
        id: Number(r.id),
        userId: r.user_id,
        challengeId: r.challenge_id,
        solvedAt: new Date(r.solved_at),
      }));
    },
    async deleteSolves(solveIds) {
      if (solveIds.length === 0) return;
      const ids = sql.join(
        solveIds.map((id) => sql`${id}`),
        sql`, `,
      );
      await db.execute(sql`with gone as (delete from solves where id in (${ids}) returning user_id, points),
          moved as (select user_id, sum(points)::int as points from gone group by user_id)
        update users set score = users.score - m.points from moved m where users.id = m.user_id`);
    },
    async moveSolves(fromTeamId, toTeamId) {
      const moved = rowsOf<{ id: number }>(
        await db.execute(sql`update solves set team_id = ${toTeamId} where team_id = ${fromTeamId} returning id`),
      );
      return moved.length;
    },
    async moveMembers(fromTeamId, toTeamId) {
      const moved = await db
        .update(teamMembers)
        .set({ teamId: toTeamId })
        .where(eq(teamMembers.teamId, fromTeamId))
        .returning({ userId: teamMembers.userId });
      return moved.map((m) => m.userId);
    },
    async deleteMembersOf(teamId) {
      const gone = await db.delete(teamMembers).where(eq(teamMembers.teamId, teamId)).returning({ userId: teamMembers.userId });
      return gone.map((m) => m.userId);
    },
    async setAdjustment(teamId, adjustment) {
      await db.update(teams).set({ scoreAdjustment: adjustment }).where(eq(teams.id, teamId));
    },
    async rescoreChallenges(challengeIds) {
      for (const challengeId of [...new Set(challengeIds)].sort()) {
        const solveCount = await catalogue.lockChallenge(challengeId);
        const [row] = await db.select().from(challenges).where(eq(challenges.id, challengeId));
        if (row) await catalogue.recomputeSolvePoints(challengeId, challengeValue(toScoring(row), solveCount));
      }
    },
  };
}
