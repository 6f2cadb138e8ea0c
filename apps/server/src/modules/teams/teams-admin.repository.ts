import { asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { teamMembers, teams, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';
import { rowsOf } from '../../db/rows-of.js';

import type { TeamRow } from './teams.repository.js';

export interface AdminTeamRow extends TeamRow {
  /** The sum of the adjustments admins wrote for it (docs/decisions/007-scoring.md). */
  scoreAdjustment: number;
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
  /** Searched by team name or member username (substring, any case); the service orders them by score. */
  listTeams(search: string | undefined): Promise<AdminTeamRow[]>;
  findTeam(teamId: string): Promise<AdminTeamRow | undefined>;
  listMembersOf(teamIds: string[]): Promise<{ teamId: string; userId: string; username: string; joinedAt: Date }[]>;
  findUsername(userId: string): Promise<string | undefined>;
  /**
   * Locks these teams' rows until the transaction ends, in the order of their ids whatever the order given: two changes
   * on the same two teams wait for each other instead of deadlocking. Returns the teams found.
   */
  lockTeams(teamIds: string[]): Promise<{ id: string; name: string; captainId: string | null }[]>;
  listTeamSolves(teamId: string): Promise<TeamSolveRow[]>;
  /** Deletes these solves (the scoring ledger derives what remains: values, first bloods, scores). */
  deleteSolves(solveIds: number[]): Promise<void>;
  /** Gives every solve of `fromTeamId` to `toTeamId`; the number moved. */
  moveSolves(fromTeamId: string, toTeamId: string): Promise<number>;
  /** Every member of `fromTeamId` joins `toTeamId`; their ids. */
  moveMembers(fromTeamId: string, toTeamId: string): Promise<string[]>;
  /** Every member leaves the team; their ids. */
  deleteMembersOf(teamId: string): Promise<string[]>;
  /** Makes the team's adjustments sum to `adjustment`: one more row, of the difference (docs/decisions/007-scoring.md). */
  setAdjustment(change: { teamId: string; adjustment: number; actorId: string; reason: string }): Promise<void>;
}

const contains = (column: ReturnType<typeof sql>, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

export function createTeamsAdminRepository(db: Db): TeamsAdminRepository {
  const teamRows = async (where: ReturnType<typeof sql>) => {
    const rows = rowsOf<{
      id: string;
      name: string;
      invite_code: string;
      captain_id: string | null;
      created_at: string | Date;
      score_adjustment: number;
    }>(
      await db.execute(sql`select t.id, t.name, t.invite_code, t.captain_id, t.created_at,
          (select coalesce(sum(a.delta), 0) from score_adjustments a where a.team_id = t.id)::int as score_adjustment
        from teams t where ${where} order by t.created_at asc, t.id asc`),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      inviteCode: r.invite_code,
      captainId: r.captain_id,
      createdAt: new Date(r.created_at),
      scoreAdjustment: Number(r.score_adjustment),
    }));
  };
  const searchOf = (search: string | undefined) =>
    search
      ? sql`(${contains(sql`t.name`, search)} or exists (select 1 from team_members m join users u on u.id = m.user_id
          where m.team_id = t.id and ${contains(sql`coalesce(u.username, '')`, search)}))`
      : sql`true`;
  return {
    async listTeams(search) {
      return teamRows(searchOf(search));
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
        .select({ id: teams.id, name: teams.name, captainId: teams.captainId })
        .from(teams)
        .where(inArray(teams.id, teamIds))
        .orderBy(asc(teams.id))
        .for('update');
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
      await db.execute(sql`delete from solves where id in (${ids})`);
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
    async setAdjustment({ teamId, adjustment, actorId, reason }) {
      await db.execute(sql`insert into score_adjustments (team_id, kind, amount, delta, reason, actor_id)
        select ${teamId}, 'set', ${adjustment}::int,
          ${adjustment}::int - coalesce((select sum(delta) from score_adjustments where team_id = ${teamId}), 0)::int,
          ${reason}, ${actorId}`);
    },
  };
}
