import { avatarUrlOf } from '../users/avatar-url.js';
import { toRole } from '../users/users.service.js';

import type { StandingRow, TeamStandingRow } from './leaderboard.repository.js';
import { rankStandings, type Standing } from './standings.js';

/** A standing with its admin adjustment (kept at the freeze: docs/product.md#freeze). */
export type Ranked = Standing & { adjustment: number };

/** The players' standings, ranked (docs/product.md#scoring). */
export function rankPlayers(rows: readonly StandingRow[]): Ranked[] {
  return rankStandings(
    rows.map((row) => ({
      uid: row.id,
      username: row.username,
      usernameLower: row.username.toLowerCase(),
      emailLower: row.email.toLowerCase(),
      avatarUrl: avatarUrlOf(row.id, row.avatarPath),
      rank: toRole(row.role),
      score: row.score,
      reachedAt: row.scoreUpdatedAt.getTime(),
      solvedCount: row.solvedCount,
      adjustment: row.scoreAdjustment,
    })),
  ) as Ranked[];
}

/** In team mode the leaderboard ranks teams (docs/product.md#teams): a standing's uid is the team's id. */
export function rankTeams(rows: readonly TeamStandingRow[]): Ranked[] {
  return rankStandings(
    rows.map((team) => ({
      uid: team.id,
      username: team.name,
      usernameLower: team.name.toLowerCase(),
      emailLower: '',
      avatarUrl: '',
      rank: 'user' as const,
      score: team.score,
      reachedAt: team.reachedAt.getTime(),
      solvedCount: team.solvedCount,
      adjustment: team.adjustment,
    })),
  ) as Ranked[];
}
