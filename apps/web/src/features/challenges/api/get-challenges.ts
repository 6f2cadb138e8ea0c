import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ChallengeList } from '@drapeau/shared';
import { toPlayerChallengeList } from '@drapeau/shared/challenge-list';

import { apiClient } from '@/lib/api-client';
import { challengeKeys } from '@/lib/query-keys';

/**
 * GET /api/challenges: every challenge, with the signed-in user's solved flag and the solve counts. The answer is the
 * part every player shares and the player's own part, merged here into the summaries (one cached shape).
 */
function getChallenges(signal?: AbortSignal) {
  return apiClient.get<ChallengeList>('/api/challenges', { signal }).then(toPlayerChallengeList);
}

export const challengesQueryOptions = queryOptions({
  queryKey: challengeKeys.list(),
  queryFn: ({ signal }) => getChallenges(signal),
});

export function useChallenges() {
  return useQuery(challengesQueryOptions);
}
