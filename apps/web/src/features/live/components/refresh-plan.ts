import type { QueryKey } from '@tanstack/react-query';

import {
  adminChallengeKeys,
  announcementKeys,
  categoryKeys,
  challengeKeys,
  eventKeys,
  incidentKeys,
  leaderboardKeys,
  sessionKeys,
  teamKeys,
  userKeys,
} from '@/lib/query-keys';

import type { ServerEvent } from '../api/subscribe-events';

/** Everything a live event can make stale; also refreshed each time the stream opens (events before it were missed). */
export const ALL_LIVE_KEYS: QueryKey[] = [
  leaderboardKeys.all,
  challengeKeys.all,
  userKeys.all,
  sessionKeys.all,
  adminChallengeKeys.all,
  incidentKeys.all,
  announcementKeys.all,
  eventKeys.all,
  teamKeys.all,
];

/**
 * The cached queries an event makes stale (only the ones on screen refetch):
 * - a solve changes the standings, the challenges' solve counts, the solver's profile and team page and, for the solver,
 *   the session;
 * - a changed or deleted user may be the signed-in one (an admin edit), so the session is checked again;
 * - a seed changes the catalogue; so does an admin's edit or import (`challenges`);
 * - an `incident` (admins only) refreshes the incidents list; an `announcement` the announcements and unread count;
 * - a settings change (admins shown or hidden) changes the standings, and so does a team created, renamed or ended;
 * - an `event` change (start, end, mode, freeze) changes the countdowns and whether players see challenges, and an
 *   unfreeze reveals every number at once (docs/product.md#freeze): everything is read again.
 */
export function keysToRefresh(event: ServerEvent, currentUserId: string | undefined): QueryKey[] {
  // An admin changed the catalogue (edit, import, seed): players' lists and the admins' authoring view.
  if (event.type === 'challenges') return [challengeKeys.all, adminChallengeKeys.all, categoryKeys.all];
  // A shared-flag incident (admins' streams only): the Incidents tab.
  if (event.type === 'incident') return [incidentKeys.all];
  // An announcement written or deleted: the list and the unread count.
  if (event.type === 'announcement') return [announcementKeys.all];
  if (event.type === 'event') return ALL_LIVE_KEYS;
  if (event.type === 'solve') {
    const keys: QueryKey[] = [leaderboardKeys.all, challengeKeys.all, userKeys.all, teamKeys.all];
    if (event.data.userId === currentUserId) keys.push(sessionKeys.all);
    return keys;
  }
  switch (event.data.reason) {
    case 'solve':
    case 'hint':
      return [leaderboardKeys.all, userKeys.all, teamKeys.all];
    case 'user-updated':
    case 'user-deleted':
      return [leaderboardKeys.all, userKeys.all, sessionKeys.all];
    case 'seed':
    case 'catalogue':
      return ALL_LIVE_KEYS;
    case 'settings':
    case 'team':
      return [leaderboardKeys.all, teamKeys.all];
  }
}
