import { randomBytes, randomUUID } from 'node:crypto';

import type { MyTeamResult, OwnTeam, PublicTeam, TeamSettings } from '@drapeau/shared';

import { AppError, conflict, forbidden, notFound, rateLimited } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';

import { isTeamNameConflict, type TeamRow, type TeamsRepository } from './teams.repository.js';

/** A team's numbers as a viewer sees them (the leaderboard's: docs/product.md#teams). */
export interface TeamStandingView {
  score: number;
  solvedCount: number;
  contributions: ReadonlyMap<string, { points: number; solvedCount: number }>;
  /** The challenges it drew first blood on. */
  firstBloods: string[];
}

/** 128 random bits, URL-safe: an invite code cannot be guessed, only given (docs/decisions/016-teams.md). */
export const newInviteCode = (): string => randomBytes(16).toString('base64url');

const teamNotFound = () => notFound('TEAM_NOT_FOUND', 'This team does not exist.');
const notInTeam = () => new AppError('NOT_IN_TEAM', 409, 'You are not in a team.');
const nameTaken = () => conflict('TEAM_NAME_TAKEN', 'A team already has this name.');
const alreadyInTeam = () => conflict('ALREADY_IN_TEAM', 'You are already in a team: leave it first.');
const notCaptain = () => forbidden('NOT_TEAM_CAPTAIN', 'Only the team’s captain can do this.');

/**
 * Teams (docs/product.md#teams): a player creates one (and is its captain) or joins one with its invite code; the captain
 * renames it, draws a new code, removes members and hands over the captaincy. Every membership change locks the team's
 * row first, so that the size limit holds whatever the concurrency; the primary key on the member keeps a player in one
 * team at most.
 */
export function createTeamsService(deps: {
  repository: TeamsRepository;
  /** One transaction per change: the lock, the checks and the writes commit together. */
  transaction: UnitOfWork<{ teams: TeamsRepository }>;
  settings: () => TeamSettings;
  /** Join attempts per player (wrong codes included): a code cannot be found by trying. */
  joinLimiter: RateLimiter;
  /** A player joined or left a team: the challenges they see solved are now their new team's (docs/product.md#teams). */
  onMembershipChanged?: (userId: string) => void;
  /** A team was created, renamed or ended: the team standings change. */
  onTeamsChanged?: () => void;
  /**
   * The team's numbers as the leaderboard counts them (docs/product.md#teams, #freeze): its score, solve count, members'
   * parts and first bloods; `frozenAt` null for the live ones.
   */
  standings: () => {
    teamView(teamId: string, frozenAt: Date | null, isOwnTeam: boolean): Promise<TeamStandingView>;
  };
}) {
  const { repository, transaction } = deps;

  const assertTeamMode = () => {
    if (!deps.settings().enabled) throw forbidden('TEAM_MODE_OFF', 'Teams are not used on this platform.');
  };

  /** `frozenAt`: the viewer's freeze cut-off (null: live); `isOwnTeam`: the viewer is a member. */
  const publicTeam = async (team: TeamRow, frozenAt: Date | null = null, isOwnTeam = false): Promise<PublicTeam> => {
    const members = await repository.listMembers(team.id);
    const view = await deps.standings().teamView(team.id, frozenAt, isOwnTeam);
    const contributionOf = view.contributions;
    return {
      id: team.id,
      name: team.name,
      createdAt: team.createdAt.toISOString(),
      members: members.map((m) => ({
        uid: m.userId,
        username: m.username,
        isCaptain: m.userId === team.captainId,
        joinedAt: m.joinedAt.toISOString(),
        points: contributionOf.get(m.userId)?.points ?? 0,
        solvedCount: contributionOf.get(m.userId)?.solvedCount ?? 0,
      })),
      // The team's score, as the leaderboard counts it (docs/decisions/016-teams.md).
      score: view.score,
      solvedCount: view.solvedCount,
      firstBloods: view.firstBloods,
    };
  };
  const membershipChanged = (userId: string) => deps.onMembershipChanged?.(userId);

  const ownTeam = async (teamId: string, frozenAt: Date | null = null): Promise<OwnTeam> => {
    const team = await repository.findTeam(teamId);
    if (!team) throw teamNotFound();
    return { ...(await publicTeam(team, frozenAt, true)), inviteCode: team.inviteCode, maxSize: deps.settings().maxSize };
  };

  /** Runs `change` on the caller's team, locked, once the caller is known to be its captain. */
  const asCaptain = async <T>(userId: string, change: (teams: TeamsRepository, team: TeamRow) => Promise<T>): Promise<T> =>
    transaction(async ({ teams: tx }) => {
      const teamId = await tx.findTeamIdOf(userId);
      if (!teamId) throw notInTeam();
      const team = await tx.lockTeam(teamId);
      if (!team) throw notInTeam();
      if (team.captainId !== userId) throw notCaptain();
      return change(tx, team);
    });

  return {
    isTeamMode: (): boolean => deps.settings().enabled,

    /** The user's team id, if any (the submission's check in team mode). */
    findTeamIdOf: (userId: string): Promise<string | undefined> => repository.findTeamIdOf(userId),

    /** `frozenAt`: during a freeze, the viewer's cut-off (docs/product.md#freeze); null for the live numbers. */
    async getMine(userId: string, frozenAt: Date | null = null): Promise<MyTeamResult> {
      const teamId = await repository.findTeamIdOf(userId);
      return { isTeamMode: deps.settings().enabled, team: teamId ? await ownTeam(teamId, frozenAt) : null };
    },

    /**
     * A team's page: its members, never their emails nor the invite code. During a freeze another team's numbers are
     * those of the freeze; a member sees their own team's later solves (docs/product.md#freeze).
     */
    async getTeam(teamId: string, viewer?: { userId: string; frozenAt: Date | null }): Promise<PublicTeam> {
      const team = await repository.findTeam(teamId);
      if (!team) throw teamNotFound();
      const frozenAt = viewer?.frozenAt ?? null;
      const isOwnTeam = frozenAt !== null && (await repository.findTeamIdOf(viewer!.userId)) === teamId;
      return publicTeam(team, frozenAt, isOwnTeam);
    },

    async createTeam(userId: string, name: string): Promise<OwnTeam> {
      assertTeamMode();
      const id = randomUUID();
      await transaction(async ({ teams: tx }) => {
        if (await tx.findTeamIdOf(userId)) throw alreadyInTeam();
        if (!(await tx.insertTeam({ id, name, inviteCode: newInviteCode(), captainId: userId }))) throw nameTaken();
        // A concurrent join or creation by the same player loses here, and the team goes with the rollback.
        if (!(await tx.insertMember(id, userId))) throw alreadyInTeam();
      });
      membershipChanged(userId);
      deps.onTeamsChanged?.();
      return ownTeam(id);
    },

    async joinTeam(userId: string, code: string): Promise<OwnTeam> {
      assertTeamMode();
      const consumed = await deps.joinLimiter.consume(`team-join:${userId}`);
      if (!consumed.allowed) throw rateLimited(consumed.retryAfterSeconds);
      const teamId = await transaction(async ({ teams: tx }) => {
        const team = await tx.lockTeamByInviteCode(code);
        if (!team) throw notFound('TEAM_INVITE_INVALID', 'This invite code is wrong or no longer valid.');
        if (await tx.findTeamIdOf(userId)) throw alreadyInTeam();
        if ((await tx.countMembers(team.id)) >= deps.settings().maxSize) throw conflict('TEAM_FULL', 'This team is full.');
        if (!(await tx.insertMember(team.id, userId))) throw alreadyInTeam();
        // A team its members all left (kept for its solves) gets a captain again.
        if (team.captainId === null) await tx.updateTeam(team.id, { captainId: userId });
        return team.id;
      });
      await consumed.refund();
      membershipChanged(userId);
      return ownTeam(teamId);
    },

    /**
     * Leaves the team; its solves stay with it (docs/product.md#teams), and the player keeps none of them. A captain hands
     * over first unless alone; the last member leaving deletes the team, unless it has solves: then it stays, without
     * members nor captain, with its score.
     */
    async leaveTeam(userId: string): Promise<void> {
      await transaction(async ({ teams: tx }) => {
        const teamId = await tx.findTeamIdOf(userId);
        if (!teamId) throw notInTeam();
        const team = await tx.lockTeam(teamId);
        if (!team) throw notInTeam();
        const members = await tx.countMembers(teamId);
        if (team.captainId === userId && members > 1) {
          throw conflict('CAPTAIN_MUST_HAND_OVER', 'Hand the captaincy to another member before leaving.');
        }
        await tx.deleteMember(teamId, userId);
        if (members === 1) {
          if (await tx.hasTeamSolves(teamId)) await tx.updateTeam(teamId, { captainId: null });
          else await tx.deleteTeam(teamId);
        }
      });
      membershipChanged(userId);
      deps.onTeamsChanged?.();
    },

    async renameTeam(userId: string, name: string): Promise<OwnTeam> {
      let teamId = '';
      try {
        await asCaptain(userId, async (tx, team) => {
          teamId = team.id;
          await tx.updateTeam(team.id, { name });
        });
        deps.onTeamsChanged?.();
      } catch (error) {
        if (isTeamNameConflict(error)) throw nameTaken();
        throw error;
      }
      return ownTeam(teamId);
    },

    /** A new code: the old one (and every link carrying it) stops working at once. */
    async regenerateInviteCode(userId: string): Promise<OwnTeam> {
      const teamId = await asCaptain(userId, async (tx, team) => {
        await tx.updateTeam(team.id, { inviteCode: newInviteCode() });
        return team.id;
      });
      return ownTeam(teamId);
    },

    async removeMember(userId: string, memberId: string): Promise<OwnTeam> {
      const teamId = await asCaptain(userId, async (tx, team) => {
        if (memberId === userId) throw conflict('CAPTAIN_MUST_HAND_OVER', 'Hand the captaincy over, then leave the team.');
        if (!(await tx.deleteMember(team.id, memberId))) throw notFound('NOT_TEAM_MEMBER', 'This player is not in your team.');
        return team.id;
      });
      membershipChanged(memberId);
      return ownTeam(teamId);
    },

    async handOverCaptaincy(userId: string, memberId: string): Promise<OwnTeam> {
      const teamId = await asCaptain(userId, async (tx, team) => {
        if ((await tx.findTeamIdOf(memberId)) !== team.id) throw notFound('NOT_TEAM_MEMBER', 'This player is not in your team.');
        await tx.updateTeam(team.id, { captainId: memberId });
        return team.id;
      });
      return ownTeam(teamId);
    },

    /** Team mode changes how solves are counted: it can be switched only before anyone solved anything. */
    async assertTeamModeSwitchable(): Promise<void> {
      if (await repository.hasAnySolve()) {
        throw conflict(
          'TEAM_MODE_LOCKED',
          'Team mode can be switched only while nobody has solved a challenge: reset the solves first.',
        );
      }
    },
  };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
