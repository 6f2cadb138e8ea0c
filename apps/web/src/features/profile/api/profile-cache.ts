import type { QueryClient } from '@tanstack/react-query';

import type { PublicUser } from '@drapeau/shared';

import { leaderboardKeys, sessionKeys } from '@/lib/query-keys';

import { userQueryKey } from './get-user';

/**
 * After the player changes their profile: the session user (nav avatar and username) and their public profile take
 * the server's answer at once; the standings, which show both, are refetched.
 */
export function applyUpdatedUser(queryClient: QueryClient, user: PublicUser): void {
  queryClient.setQueryData(sessionKeys.all, user);
  queryClient.setQueryData(userQueryKey(user.uid), user);
  void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
}
