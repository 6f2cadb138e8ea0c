import type { LedgerStanding } from '../scoring/ledger.js';
import { avatarUrlOf } from '../users/avatar-url.js';
import { toRole } from '../users/users.service.js';

import type { PlayerRow, TeamRow } from './leaderboard.repository.js';
import { rankStandings, type Standing } from './standings.js';

type Numbers = ReadonlyMap<string, LedgerStanding>;

/**
 * The players' standings, ranked (docs/product.md#scoring): each ranked player with the scoring ledger's numbers (those
 * of the live ledger, or of a window such as the freeze). A score never moved ties at the player's arrival.
 */
export function rankPlayers(rows: readonly PlayerRow[], numbers: Numbers): Standing[] {
  return rankStandings(
    rows.map((row) => {
      const standing = numbers.get(row.id);
      return {
        uid: row.id,
        username: row.username,
        usernameLower: row.username.toLowerCase(),
        emailLower: row.email.toLowerCase(),
        avatarUrl: avatarUrlOf(row.id, row.avatarPath),
        rank: toRole(row.role),
        score: standing?.score ?? 0,
        reachedAt: standing?.reachedAt ?? row.createdAt.getTime(),
        solvedCount: standing?.solvedCount ?? 0,
      };
    }),
  );
}

/** In team mode the leaderboard ranks teams (docs/product.md#teams): a standing's uid is the team's id. */
export function rankTeams(rows: readonly TeamRow[], numbers: Numbers): Standing[] {
  return rankStandings(
    rows.map((team) => {
      const standing = numbers.get(team.id);
      return {
        uid: team.id,
        username: team.name,
        usernameLower: team.name.toLowerCase(),
        emailLower: '',
        avatarUrl: '',
        rank: 'user' as const,
        score: standing?.score ?? 0,
        reachedAt: standing?.reachedAt ?? team.createdAt.getTime(),
        solvedCount: standing?.solvedCount ?? 0,
      };
    }),
  );
}
