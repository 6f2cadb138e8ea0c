import { queryOptions, useQuery } from '@tanstack/react-query';

import { ChallengeListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys } from '@/lib/query-keys';

/** GET /api/challenges: every challenge, with the signed-in user's solved flag and the solve counts. */
function getChallenges(signal?: AbortSignal) {
  return apiClient.get('/api/challenges', ChallengeListSchema, { signal });
}

export const challengesQueryOptions = queryOptions({
  queryKey: challengeKeys.list(),
  queryFn: ({ signal }) => getChallenges(signal),
});

export function useChallenges() {
  return useQuery(challengesQueryOptions);
}
