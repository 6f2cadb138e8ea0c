import type { LedgerStanding } from '../scoring/ledger.js';
import { avatarUrlOf } from '../users/avatar-url.js';
import { toRole } from '../users/users.service.js';

import type { PlayerRow, TeamRow } from './leaderboard.repository.js';
import { rankStandings, type Standing } from './standings.js';

type Numbers = ReadonlyMap<string, LedgerStanding>;

/** A player or team on the board without the ledger's numbers; a score never moved ties at its arrival (`createdAt`). */
type DirectoryEntry = Omit<Standing, 'score' | 'reachedAt' | 'solvedCount'> & { createdAt: number };

/**
 * Who stands on the board, read once and kept between rankings (docs/architecture.md#leaderboard-in-memory): a solve
 * changes the ledger's numbers, never the names, so a ranking after a solve reads no row.
 */
export interface Directory {
  entries: readonly DirectoryEntry[];
  /** Every id read, ranked or not (staff, banned players): the ledger numbering another id means a newer row exists. */
  known: ReadonlySet<string>;
}

/** Banned players never stand on the board; admins and teachers only when the platform ranks staff. */
export function playerDirectory(rows: readonly PlayerRow[], options: { includeStaff: boolean }): Directory {
  const entries: DirectoryEntry[] = [];
  for (const row of rows) {
    const rank = toRole(row.role);
    if (row.banned || (rank !== 'user' && !options.includeStaff)) continue;
    entries.push({
      uid: row.id,
      username: row.username,
      usernameLower: row.username.toLowerCase(),
      emailLower: row.email.toLowerCase(),
      avatarUrl: avatarUrlOf(row.id, row.avatarPath),
      rank,
      createdAt: row.createdAt.getTime(),
    });
  }
  return { entries, known: new Set(rows.map((row) => row.id)) };
}

/** In team mode the board ranks teams (docs/product.md#teams): a standing's uid is the team's id. */
export function teamDirectory(rows: readonly TeamRow[]): Directory {
  const entries = rows.map((team) => ({
    uid: team.id,
    username: team.name,
    usernameLower: team.name.toLowerCase(),
    emailLower: '',
    avatarUrl: '',
    rank: 'user' as const,
    createdAt: team.createdAt.getTime(),
  }));
  return { entries, known: new Set(rows.map((row) => row.id)) };
}

/** Whether the directory names everyone the ledger numbers (a player who signed up since it was read would be missing). */
export function coversNumbers(directory: Directory, numbers: Numbers): boolean {
  for (const id of numbers.keys()) if (!directory.known.has(id)) return false;
  return true;
}

/**
 * The standings, ranked (docs/product.md#scoring): each entry of the directory with the scoring ledger's numbers (those
 * of the live ledger, or of a window such as the freeze).
 */
export function rankDirectory(directory: Directory, numbers: Numbers): Standing[] {
  return rankStandings(
    directory.entries.map((entry) => {
      const standing = numbers.get(entry.uid);
      return {
        uid: entry.uid,
        username: entry.username,
        usernameLower: entry.usernameLower,
        emailLower: entry.emailLower,
        avatarUrl: entry.avatarUrl,
        rank: entry.rank,
        score: standing?.score ?? 0,
        reachedAt: standing?.reachedAt ?? entry.createdAt,
        solvedCount: standing?.solvedCount ?? 0,
      };
    }),
  );
}
