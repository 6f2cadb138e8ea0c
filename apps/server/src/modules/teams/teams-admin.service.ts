import { randomUUID } from 'node:crypto';

import {
  ADMIN_PAGE_SIZE,
  type AdminDeleteTeamResult,
  type AdminMergeResult,
  type AdminTeam,
  type AdminTeamAdjustmentBody,
  type AdminTeamPage,
  type AdminUpdateTeamBody,
  type TeamSettings,
} from '@drapeau/shared';

import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import type { ScoringService } from '../scoring/scoring.service.js';

import { solvesToRemove, toAdminTeam } from './team-merge.js';
import type { TeamsAdminRepository } from './teams-admin.repository.js';
import {
  lockTeam,
  nameTaken,
  notMember,
  recordTeamChange,
  repairCaptain,
  teamFull,
  teamNotFound,
  type TeamsAdminScope,
  withNameCheck,
} from './teams-admin-steps.js';
import { newInviteCode } from './teams.service.js';

/**
 * Admins' team management (docs/product.md#team-management, docs/decisions/016-teams.md). Each change, its audit entry and
 * the scores it moves commit in one transaction; the standings and the players' progress are told after the commit, on
 * every instance. The size limit holds for admins too: a move or a merge that would exceed it is refused (TEAM_FULL);
 * an admin raises the limit in the settings first.
 */
export function createTeamsAdminService(deps: {
  admin: TeamsAdminRepository;
  transaction: UnitOfWork<TeamsAdminScope>;
  settings: () => TeamSettings;
  /** These players' solved challenges are now another team's (or none): reread on every instance. */
  onMembershipChanged: (userIds: string[]) => void;
  /** A team changed (name, members, score): every instance rebuilds the team standings. */
  onTeamsChanged: () => void;
  /** Solves were removed: the challenges' solve counts and values changed, on every instance. */
  onSolvesRemoved: (challengeIds: string[]) => void;
  /** The scoring ledger: the teams' scores (docs/decisions/007-scoring.md), read again after a change of its facts here. */
  scoring: Pick<ScoringService, 'liveStandings' | 'heldStandings' | 'reload'>;
}) {
  const { admin, transaction } = deps;

  const load = async (teamId: string, repo: TeamsAdminRepository): Promise<AdminTeam> => {
    const row = await repo.findTeam(teamId);
    if (!row) throw teamNotFound();
    return toAdminTeam(row, await repo.listMembersOf([teamId]), (await deps.scoring.heldStandings('teams')).get(teamId));
  };
  /** After the commit: the standings (every change), the moved players' progress, the challenges whose solves went. */
  const announce = (membersMoved: string[] = [], solvesRemovedOn: string[] = []) => {
    if (membersMoved.length > 0) deps.onMembershipChanged(membersMoved);
    if (solvesRemovedOn.length > 0) deps.onSolvesRemoved([...new Set(solvesRemovedOn)]);
    deps.onTeamsChanged();
  };

  return {
    async listTeams(query: { search?: string | undefined; page: number }): Promise<AdminTeamPage> {
      // Highest score first (the ledger's), then the oldest.
      const numbers = await deps.scoring.liveStandings('teams');
      const scoreOf = (id: string) => numbers.get(id)?.score ?? 0;
      const all = (await admin.listTeams(query.search || undefined)).sort((a, b) => scoreOf(b.id) - scoreOf(a.id));
      const start = (query.page - 1) * ADMIN_PAGE_SIZE;
      const rows = all.slice(start, start + ADMIN_PAGE_SIZE);
      const members = await admin.listMembersOf(rows.map((r) => r.id));
      return {
        teams: rows.map((row) =>
          toAdminTeam(
            row,
            members.filter((m) => m.teamId === row.id),
            numbers.get(row.id),
          ),
        ),
        total: all.length,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** An empty team, without captain: the first player moved in (or joining with its code) leads it. */
    async createTeam(actorId: string, name: string): Promise<AdminTeam> {
      const id = randomUUID();
      const team = await transaction(async (scope) => {
        if (!(await scope.teams.insertTeam({ id, name, inviteCode: newInviteCode(), captainId: null }))) throw nameTaken();
        await recordTeamChange(scope, actorId, 'team.create', { id, name });
        return load(id, scope.admin);
      });
      announce();
      return team;
    },

    /** Renames the team and/or makes one of its members captain. */
    async updateTeam(actorId: string, teamId: string, body: AdminUpdateTeamBody): Promise<AdminTeam> {
      const team = await withNameCheck(() =>
        transaction(async (scope) => {
          const before = await lockTeam(scope, teamId);
          const details: Record<string, unknown> = {};
          if (body.name !== undefined && body.name !== before.name) {
            await scope.teams.updateTeam(teamId, { name: body.name });
            details.name = { from: before.name, to: body.name };
          }
          if (body.captainId !== undefined && body.captainId !== before.captainId) {
            if ((await scope.teams.findTeamIdOf(body.captainId)) !== teamId) throw notMember();
            await scope.teams.updateTeam(teamId, { captainId: body.captainId });
            details.captain = { from: before.captainId, to: body.captainId };
          }
          if (Object.keys(details).length > 0)
            await recordTeamChange(scope, actorId, 'team.update', { id: teamId, name: body.name ?? before.name }, details);
          return load(teamId, scope.admin);
        }),
      );
      announce();
      return team;
    },

    /** A new invite code: the old one and every link carrying it stop working at once. */
    async regenerateInviteCode(actorId: string, teamId: string): Promise<AdminTeam> {
      return transaction(async (scope) => {
        const team = await lockTeam(scope, teamId);
        await scope.teams.updateTeam(teamId, { inviteCode: newInviteCode() });
        await recordTeamChange(scope, actorId, 'team.invite-code', team);
        return load(teamId, scope.admin);
      });
    },

    /** team score = sum of its solves' points + this adjustment (docs/decisions/016-teams.md); the reason goes to the log. */
    async setAdjustment(actorId: string, teamId: string, body: AdminTeamAdjustmentBody): Promise<AdminTeam> {
      await transaction(async (scope) => {
        await lockTeam(scope, teamId);
        const before = await scope.admin.findTeam(teamId);
        await scope.admin.setAdjustment({ teamId, adjustment: body.adjustment, actorId, reason: body.reason });
        await recordTeamChange(scope, actorId, 'team.adjustment', before!, {
          from: before!.scoreAdjustment,
          to: body.adjustment,
          reason: body.reason,
        });
      });
      await deps.scoring.reload();
      announce();
      return load(teamId, admin);
    },

    /**
     * Moves a player into this team, from another team or from none. Their past solves stay with the team they made them
     * for (as CTFd keeps a leaving player's solves): no score moves. Both teams' rows are locked, in the order of their ids.
     */
    async moveMember(actorId: string, teamId: string, userId: string): Promise<AdminTeam> {
      const team = await transaction(async (scope) => {
        const username = await scope.admin.findUsername(userId);
        if (username === undefined) throw notFound('USER_NOT_FOUND', 'This user does not exist.');
        const fromId = await scope.teams.findTeamIdOf(userId);
        if (fromId === teamId) throw conflict('ALREADY_IN_TEAM', 'This player is already in this team.');
        const locked = await scope.admin.lockTeams(fromId ? [teamId, fromId] : [teamId]);
        const to = locked.find((t) => t.id === teamId);
        if (!to) throw teamNotFound();
        // Read again under the locks: a join, leave or move that committed meanwhile is seen.
        if ((await scope.teams.findTeamIdOf(userId)) !== fromId)
          throw conflict('ALREADY_IN_TEAM', 'This player changed team meanwhile.');
        if ((await scope.teams.countMembers(teamId)) >= deps.settings().maxSize) throw teamFull();
        const from = locked.find((t) => t.id === fromId);
        if (from) {
          await scope.teams.deleteMember(from.id, userId);
          await repairCaptain(scope, from.id, from.captainId, userId);
        }
        if (!(await scope.teams.insertMember(teamId, userId)))
          throw conflict('ALREADY_IN_TEAM', 'This player changed team meanwhile.');
        if (to.captainId === null) await scope.teams.updateTeam(teamId, { captainId: userId });
        await recordTeamChange(
          scope,
          actorId,
          'team.move-member',
          to,
          { username, fromTeam: from?.name ?? null, fromTeamId: from?.id ?? null },
          userId,
        );
        return load(teamId, scope.admin);
      });
      announce([userId]);
      return team;
    },

    /** The player becomes teamless; their past solves stay with the team. */
    async removeMember(actorId: string, teamId: string, userId: string): Promise<AdminTeam> {
      const team = await transaction(async (scope) => {
        const locked = await lockTeam(scope, teamId);
        const username = await scope.admin.findUsername(userId);
        if (!(await scope.teams.deleteMember(teamId, userId))) throw notMember();
        await repairCaptain(scope, teamId, locked.captainId, userId);
        await recordTeamChange(scope, actorId, 'team.remove-member', locked, { username }, userId);
        return load(teamId, scope.admin);
      });
      announce([userId]);
      return team;
    },

    /**
     * Merges team `fromId` into `intoId`, in one transaction: its members join, its solves move, except on challenges both
     * teams solved, where the earlier solve is kept and the other removed (its points taken off its solver's score). The
     * challenges whose solves were removed are rescored (their values and first bloods), then `fromId` is deleted.
     */
    async mergeTeams(actorId: string, intoId: string, fromId: string): Promise<AdminMergeResult> {
      if (intoId === fromId) throw badRequest('TEAM_MERGE_SELF', 'A team cannot be merged into itself.');
      let members: string[] = [];
      let removedOn: string[] = [];
      const result = await transaction(async (scope) => {
        const locked = await scope.admin.lockTeams([intoId, fromId]);
        const into = locked.find((t) => t.id === intoId);
        const from = locked.find((t) => t.id === fromId);
        if (!into || !from) throw teamNotFound();
        const [intoCount, fromCount] = [await scope.teams.countMembers(intoId), await scope.teams.countMembers(fromId)];
        if (intoCount + fromCount > deps.settings().maxSize) throw teamFull();
        const [intoSolves, fromSolves] = [await scope.admin.listTeamSolves(intoId), await scope.admin.listTeamSolves(fromId)];
        const removed = solvesToRemove(intoSolves, fromSolves);
        await scope.admin.deleteSolves(removed.map((s) => s.id));
        const movedSolves = await scope.admin.moveSolves(fromId, intoId);
        members = await scope.admin.moveMembers(fromId, intoId);
        if (into.captainId === null && from.captainId !== null)
          await scope.teams.updateTeam(intoId, { captainId: from.captainId });
        removedOn = removed.map((s) => s.challengeId);
        const fromAdjustment = (await scope.admin.findTeam(fromId))?.scoreAdjustment ?? 0;
        await scope.teams.deleteTeam(fromId);
        const summary = { movedMembers: members.length, movedSolves, removedSolves: removed.length };
        await recordTeamChange(scope, actorId, 'team.merge', into, {
          mergedTeam: from.name,
          mergedTeamId: from.id,
          mergedAdjustment: fromAdjustment,
          ...summary,
          removedOn,
        });
        return summary;
      });
      await deps.scoring.reload();
      announce(members, removedOn);
      return { team: await load(intoId, admin), ...result };
    },

    /**
     * Deletes the team and its solves in one transaction: each solve's points are taken off its solver's score, the
     * challenges are rescored (values, first bloods), and its members become teamless.
     */
    async deleteTeam(actorId: string, teamId: string): Promise<AdminDeleteTeamResult> {
      let members: string[] = [];
      let removedOn: string[] = [];
      const result = await transaction(async (scope) => {
        await lockTeam(scope, teamId);
        const team = (await scope.admin.findTeam(teamId))!;
        const solves = await scope.admin.listTeamSolves(teamId);
        await scope.admin.deleteSolves(solves.map((s) => s.id));
        members = await scope.admin.deleteMembersOf(teamId);
        removedOn = solves.map((s) => s.challengeId);
        await scope.teams.deleteTeam(teamId);
        const summary = { removedSolves: solves.length, formerMembers: members.length };
        await recordTeamChange(scope, actorId, 'team.delete', team, { ...summary, adjustment: team.scoreAdjustment, members });
        return summary;
      });
      await deps.scoring.reload();
      announce(members, removedOn);
      return result;
    },
  };
}
export type TeamsAdminService = ReturnType<typeof createTeamsAdminService>;
