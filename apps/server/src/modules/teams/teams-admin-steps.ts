import { conflict, notFound } from '../../lib/app-error.js';
import type { AuditRecord } from '../audit/audit.service.js';

import type { TeamsAdminRepository } from './teams-admin.repository.js';
import { isTeamNameConflict, type TeamsRepository } from './teams.repository.js';

/*
 * The steps an admin's team changes share, inside their transaction (teams-admin.service.ts): locking the team, its
 * audit entry, a new captain when the captain leaves, the name's uniqueness, and their errors.
 */

/** What a team change's transaction holds. */
export interface TeamsAdminScope {
  teams: TeamsRepository;
  admin: TeamsAdminRepository;
  audit: { record(entry: AuditRecord): Promise<void> };
}

export const teamNotFound = () => notFound('TEAM_NOT_FOUND', 'This team does not exist.');
export const nameTaken = () => conflict('TEAM_NAME_TAKEN', 'A team already has this name.');
export const notMember = () => notFound('NOT_TEAM_MEMBER', 'This player is not in this team.');
export const teamFull = () => conflict('TEAM_FULL', 'This team is full.');

/** The team, locked for the rest of the transaction; TEAM_NOT_FOUND when gone. */
export const lockTeam = async (scope: TeamsAdminScope, teamId: string) => {
  const [team] = await scope.admin.lockTeams([teamId]);
  if (!team) throw teamNotFound();
  return team;
};

/** The change's audit entry, naming the team. */
export const recordTeamChange = (
  scope: TeamsAdminScope,
  actorId: string,
  action: AuditRecord['action'],
  team: { id: string; name: string },
  details: Record<string, unknown> = {},
  targetUserId?: string,
) =>
  scope.audit.record({
    actorId,
    action,
    targetUserId: targetUserId ?? null,
    targetName: team.name,
    details: { teamId: team.id, ...details },
  });

/** A team whose captain left gets its longest-standing member as captain (or none when empty). */
export const repairCaptain = async (scope: TeamsAdminScope, teamId: string, captainId: string | null, leaving: string) => {
  if (captainId !== leaving) return;
  const [next] = await scope.teams.listMembers(teamId);
  await scope.teams.updateTeam(teamId, { captainId: next?.userId ?? null });
};

/** A team name another team holds: TEAM_NAME_TAKEN, whichever write met the unique index. */
export const withNameCheck = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw isTeamNameConflict(error) ? nameTaken() : error;
  }
};
