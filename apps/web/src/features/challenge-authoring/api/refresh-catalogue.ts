import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { adminChallengeKeys, categoryKeys, challengeKeys, leaderboardKeys, sessionKeys, userKeys } from '@/lib/query-keys';

/** After any change to the catalogue: the admin list, the players' list and, when solves went, the scores. */
export function refreshCatalogue(queryClient: QueryClient, { scoresChanged = false } = {}): void {
  const keys: QueryKey[] = [adminChallengeKeys.all, challengeKeys.all, categoryKeys.all];
  if (scoresChanged) keys.push(leaderboardKeys.all, sessionKeys.all, userKeys.all);
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
