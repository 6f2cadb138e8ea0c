import type { QueryKey } from '@tanstack/react-query';

import { challengeKeys, leaderboardKeys, sessionKeys, userKeys } from '@/lib/query-keys';

import type { ServerEvent } from '../api/subscribe-events';

/** Everything a live event can make stale; also refreshed after the stream comes back from an interruption. */
export const ALL_LIVE_KEYS: QueryKey[] = [leaderboardKeys.all, challengeKeys.all, userKeys.all, sessionKeys.all];

/**
 * The cached queries an event makes stale (only the ones on screen refetch):
 * - a solve changes the standings, the challenges' solve counts, the solver's profile and, for the solver, the session;
 * - a changed or deleted user may be the signed-in one (an admin edit), so the session is checked again;
 * - a seed changes the catalogue;
 * - a settings change (admins shown or hidden) changes the standings.
 */
export function keysToRefresh(event: ServerEvent, currentUserId: string | undefined): QueryKey[] {
  if (event.type === 'solve') {
    const keys: QueryKey[] = [leaderboardKeys.all, challengeKeys.all, userKeys.all];
    if (event.data.userId === currentUserId) keys.push(sessionKeys.all);
    return keys;
  }
  switch (event.data.reason) {
    case 'solve':
      return [leaderboardKeys.all, userKeys.all];
    case 'user-updated':
    case 'user-deleted':
      return [leaderboardKeys.all, userKeys.all, sessionKeys.all];
    case 'seed':
      return ALL_LIVE_KEYS;
    case 'settings':
      return [leaderboardKeys.all];
  }
}
