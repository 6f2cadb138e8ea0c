import { and, asc, count, eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { solves, teamMembers, teams, users } from '../../db/schema/index.js';
import { shownUsername } from '../../db/user-row.js';

export interface TeamRow {
  id: string;
  name: string;
  inviteCode: string;
  captainId: string | null;
  createdAt: Date;
}

interface TeamMemberRow {
  userId: string;
  username: string;
  joinedAt: Date;
}

/** Teams and memberships (docs/decisions/016-teams.md). Drizzle only; the rules are the service's. */
export interface TeamsRepository {
  /** The team the user is in, if any. */
  findTeamIdOf(userId: string): Promise<string | undefined>;
  findTeam(teamId: string): Promise<TeamRow | undefined>;
  listMembers(teamId: string): Promise<TeamMemberRow[]>;
  /** Reads the team and locks its row until the transaction ends: membership changes of one team happen one at a time. */
  lockTeam(teamId: string): Promise<TeamRow | undefined>;
  lockTeamByInviteCode(code: string): Promise<TeamRow | undefined>;
  countMembers(teamId: string): Promise<number>;
  /** `false` when the name (whatever its case) is taken: nothing is written. */
  insertTeam(team: { id: string; name: string; inviteCode: string; captainId: string | null }): Promise<boolean>;
  /** `false` when the user is already in a team (the primary key on the user): nothing is written. */
  insertMember(teamId: string, userId: string): Promise<boolean>;
  deleteMember(teamId: string, userId: string): Promise<boolean>;
  updateTeam(teamId: string, changes: Partial<Pick<TeamRow, 'name' | 'inviteCode' | 'captainId'>>): Promise<void>;
  deleteTeam(teamId: string): Promise<void>;
  /** Whether anyone has solved anything: team mode cannot be switched then. */
  hasAnySolve(): Promise<boolean>;
  /** Whether the team has solved anything: a team with solves is kept when its last member leaves. */
  hasTeamSolves(teamId: string): Promise<boolean>;
}

/** `db` may be a transaction (the unit of work app.ts gives the teams service). */
export function createTeamsRepository(db: Db): TeamsRepository {
  const teamColumns = {
    id: teams.id,
    name: teams.name,
    inviteCode: teams.inviteCode,
    captainId: teams.captainId,
    createdAt: teams.createdAt,
  };
  return {
    async findTeamIdOf(userId) {
      const [row] = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
      return row?.teamId;
    },
    async findTeam(teamId) {
      const [row] = await db.select(teamColumns).from(teams).where(eq(teams.id, teamId));
      return row;
    },
    async listMembers(teamId) {
      return db
        .select({ userId: teamMembers.userId, username: shownUsername, joinedAt: teamMembers.joinedAt })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
    },
    async lockTeam(teamId) {
      const [row] = await db.select(teamColumns).from(teams).where(eq(teams.id, teamId)).for('update');
      return row;
    },
    async lockTeamByInviteCode(code) {
      const [row] = await db.select(teamColumns).from(teams).where(eq(teams.inviteCode, code)).for('update');
      return row;
    },
    async countMembers(teamId) {
      const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
      return row?.n ?? 0;
    },
    async insertTeam(team) {
      const inserted = await db.insert(teams).values(team).onConflictDoNothing().returning({ id: teams.id });
      return inserted.length > 0;
    },
    async insertMember(teamId, userId) {
      const inserted = await db
        .insert(teamMembers)
        .values({ teamId, userId })
        .onConflictDoNothing({ target: teamMembers.userId })
        .returning({ userId: teamMembers.userId });
      return inserted.length > 0;
    },
    async deleteMember(teamId, userId) {
      const deleted = await db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return deleted.length > 0;
    },
    async updateTeam(teamId, changes) {
      await db.update(teams).set(changes).where(eq(teams.id, teamId));
    },
    async deleteTeam(teamId) {
      await db.delete(teams).where(eq(teams.id, teamId));
    },
    async hasAnySolve() {
      const rows = await db.select({ id: solves.id }).from(solves).limit(1);
      return rows.length > 0;
    },
    async hasTeamSolves(teamId) {
      const rows = await db.select({ id: solves.id }).from(solves).where(eq(solves.teamId, teamId)).limit(1);
      return rows.length > 0;
    },
  };
}

/** A unique violation on the team's name (two renames at once): the caller answers 409 TEAM_NAME_TAKEN. */
export function isTeamNameConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') return [constraint, message].some((text) => typeof text === 'string' && text.includes('teams_name'));
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
