import type { SolveOwner } from '../model/challenge.js';

import { derivePerTeamFlag, derivePerUserFlag } from './flag-check.js';

/** Owners whose flags are computed between two turns of the event loop while an index is built. */
const OWNERS_PER_TURN = 1000;

/**
 * A per-user flag ends with 24 hex digits of its digest: the first 12 (48 bits) are its key in an index, a number where
 * the whole flag as a string would cost twice the memory. A hit is checked against the owner's whole flag.
 */
const keyOf = (flag: string): number => Number.parseInt(flag.slice(-25, -13), 16);

interface Index {
  /** Key of each owner's flag to the owner: a player's id, or in team mode a team's. */
  owners: Map<number, string>;
  /** False once owners may have been added since the list was last read: the next miss reads it again. */
  upToDate: boolean;
  /** The list being read and its new owners' flags computed, if under way. */
  extending?: Promise<void>;
}

export type FlagOwnersChange = 'players-added' | 'players-removed' | 'teams-changed';

/**
 * Whose per-user flag a text is, per challenge (a shared flag, docs/decisions/014-catalogue-as-data.md): a map from every
 * player's (or, in team mode, every team's) flag to its owner, built on the first lookup of the challenge. A wrong flag
 * shaped like a per-user flag then costs one lookup, where it cost one HMAC per player and a read of every player's id.
 * Owners added later are added when a lookup misses after they were announced (`ownersChanged`).
 * Memory: about 110 bytes per player, for each challenge on which such a flag was ever submitted.
 */
export function createPerUserFlagOwners(deps: {
  instanceSecret: string;
  listUserIds: () => Promise<string[]>;
  listTeamIds: () => Promise<string[]>;
}) {
  let players = new Map<string, Index>();
  let teams = new Map<string, Index>();

  const flagOf = (isTeams: boolean, challengeId: string, id: string): string =>
    (isTeams ? derivePerTeamFlag : derivePerUserFlag)(deps.instanceSecret, challengeId, id);

  const extend = async (index: Index, challengeId: string, isTeams: boolean): Promise<void> => {
    // Up to date with the list read now: owners added while it is read mark it out of date again.
    index.upToDate = true;
    const known = new Set(index.owners.values());
    let ids: string[];
    try {
      ids = (await (isTeams ? deps.listTeamIds() : deps.listUserIds())).filter((id) => !known.has(id));
    } catch (error) {
      index.upToDate = false;
      throw error;
    }
    for (let i = 0; i < ids.length; i++) {
      if (i > 0 && i % OWNERS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const id = ids[i]!;
      index.owners.set(keyOf(flagOf(isTeams, challengeId, id)), id);
    }
  };

  return {
    async find(challengeId: string, text: string, isTeams: boolean): Promise<SolveOwner | undefined> {
      const indices = isTeams ? teams : players;
      let index = indices.get(challengeId);
      if (!index) indices.set(challengeId, (index = { owners: new Map(), upToDate: false }));
      const key = keyOf(text);
      while (!index.owners.has(key) && (!index.upToDate || index.extending)) {
        index.extending ??= extend(index, challengeId, isTeams).finally(() => (index.extending = undefined));
        await index.extending;
      }
      const owner = index.owners.get(key);
      if (owner === undefined || flagOf(isTeams, challengeId, owner) !== text) return undefined;
      return isTeams ? { teamId: owner } : { userId: owner };
    },
    /**
     * Players were added (or changed): the next lookup that misses reads their list again. Players removed, or any
     * change of the teams (fewer, and merged or deleted as often as created): those indices are built again when needed.
     */
    ownersChanged(change: FlagOwnersChange): void {
      if (change === 'players-added') for (const index of players.values()) index.upToDate = false;
      else if (change === 'players-removed') players = new Map();
      else teams = new Map();
    },
  };
}
