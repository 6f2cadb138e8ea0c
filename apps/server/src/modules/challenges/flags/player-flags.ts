import { forbidden } from '../../../lib/app-error.js';
import type { Challenge } from '../model/challenge.js';

import { deriveFlag, derivePerTeamFlag, derivePerUserFlag, type FlagSpec } from './flag-check.js';

/** A flag as checked for one player; `isPerUser` for the flags made for each player (or team), to spot a shared one. */
interface PlayerFlag {
  flagId: number;
  spec: FlagSpec;
  isPerUser: boolean;
}

/**
 * Whose per-user flags are derived: `undefined` looks it up (in team mode the player's team, docs/decisions/016-teams.md),
 * `null` the player's own (solo mode, admins' own views), a string that team's.
 */
export type FlagTeam = string | null | undefined;

export const teamRequired = () =>
  forbidden('TEAM_REQUIRED', 'Create or join a team first: in team mode, per-user flags, files, labs and hints are your team’s.');

/**
 * The flags each player must find (docs/decisions/006-secrets-and-flags.md): fixed ones, the deployment's derived ones,
 * and per-user ones, made for the player or, in team mode, for their team, so that every member gets the same flag in the
 * files they download, the labs and the submission check.
 */
export function createPlayerFlags(deps: {
  instanceSecret: string;
  isPackPerUser: () => Promise<boolean>;
  isTeamMode?: () => boolean;
  findTeamIdOf: (userId: string) => Promise<string | null>;
}) {
  const { instanceSecret } = deps;
  /** A derived flag depends only on the instance secret and the challenge: one HMAC per challenge, not per submission. */
  const derived = new Map<string, string>();
  const derivedFlagOf = (challengeId: string): string => {
    let flag = derived.get(challengeId);
    if (flag === undefined) {
      flag = deriveFlag(instanceSecret, challengeId);
      derived.set(challengeId, flag);
    }
    return flag;
  };
  const flags = {
    /**
     * The flags `userId` may submit for this challenge. In team mode a player without a team gets no per-user flag
     * (403 TEAM_REQUIRED): neither a file nor a lab made for them.
     */
    async flagsFor(challenge: Challenge, userId: string, team?: FlagTeam): Promise<PlayerFlag[]> {
      const perUserPack = challenge.isBuiltIn && (await deps.isPackPerUser());
      const isPerUser = (kind: string) => kind === 'per-user' || (kind === 'derived' && perUserPack);
      let teamId: string | null = team ?? null;
      if (team === undefined && deps.isTeamMode?.() && challenge.flags.some((f) => isPerUser(f.kind))) {
        teamId = await deps.findTeamIdOf(userId);
        if (teamId === null) throw teamRequired();
      }
      return challenge.flags.map((f) => {
        if (isPerUser(f.kind)) {
          const value =
            teamId === null
              ? derivePerUserFlag(instanceSecret, challenge.id, userId)
              : derivePerTeamFlag(instanceSecret, challenge.id, teamId);
          return { flagId: f.id, isPerUser: true, spec: { type: 'exact', value } };
        }
        if (f.kind === 'derived')
          return { flagId: f.id, isPerUser: false, spec: { type: 'exact', value: derivedFlagOf(challenge.id) } };
        return { flagId: f.id, isPerUser: false, spec: { type: f.matcher, value: f.content } };
      });
    },

    /** The flag a lab or a generated file holds for this player (in team mode, their team's). */
    async embeddedFlagFor(challenge: Challenge, userId: string, team?: FlagTeam): Promise<string> {
      const all = await flags.flagsFor(challenge, userId, team);
      const embedded = all.find((f) => f.spec.type === 'exact');
      return embedded?.spec.value ?? derivedFlagOf(challenge.id);
    },
  };
  return flags;
}
