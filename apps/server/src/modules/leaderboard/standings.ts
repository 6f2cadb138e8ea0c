import type { LeaderboardEntry, Role } from '@drapeau/shared';

export interface Standing {
  uid: string;
  username: string;
  /** Lower-case, for search. */
  usernameLower: string;
  emailLower: string;
  avatarUrl: string;
  rank: Role;
  score: number;
  /** When the score was reached (ties go to the earliest). */
  reachedAt: number;
  solvedCount: number;
}

/** docs/product.md#scoring: score descending; ties to whoever reached that score first; then by name, for a stable order. */
export function rankStandings(standings: Standing[]): Standing[] {
  return [...standings].sort(
    (a, b) =>
      b.score - a.score ||
      a.reachedAt - b.reachedAt ||
      a.usernameLower.localeCompare(b.usernameLower) ||
      a.uid.localeCompare(b.uid),
  );
}

/**
 * Case-insensitive search: username by substring; email only as a whole address for non-admins, so that a search
 * box cannot be used to guess other players' emails letter by letter (docs/product.md#leaderboard: emails are never revealed).
 */
export function matchesSearch(standing: Standing, search: string, isAdmin: boolean): boolean {
  return createSearchMatcher(search, isAdmin)(standing);
}

/** matchesSearch with the search normalized once, for scanning every standing. */
export function createSearchMatcher(search: string, isAdmin: boolean): (standing: Standing) => boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return () => true;
  return isAdmin
    ? (s) => s.usernameLower.includes(needle) || s.emailLower.includes(needle)
    : (s) => s.usernameLower.includes(needle) || s.emailLower === needle;
}

export function toEntry(standing: Standing, position: number): LeaderboardEntry {
  return {
    position,
    uid: standing.uid,
    username: standing.username,
    avatarUrl: standing.avatarUrl,
    rank: standing.rank,
    score: standing.score,
    solvedCount: standing.solvedCount,
  };
}
