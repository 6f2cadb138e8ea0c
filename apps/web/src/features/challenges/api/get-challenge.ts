import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { PublicChallengeSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys } from '@/lib/query-keys';

import { challengesQueryOptions } from './get-challenges';

/** GET /api/challenges/:id: one challenge; 404 CHALLENGE_NOT_FOUND when it does not exist. */
function getChallenge(id: string, signal?: AbortSignal) {
  return apiClient.get(`/api/challenges/${encodeURIComponent(id)}`, PublicChallengeSchema, { signal });
}

export function challengeQueryOptions(id: string) {
  return queryOptions({
    queryKey: challengeKeys.detail(id),
    queryFn: ({ signal }) => getChallenge(id, signal),
  });
}

/** One challenge; shown at once from the list when the list is already loaded. */
export function useChallenge(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...challengeQueryOptions(id),
    initialData: () =>
      queryClient.getQueryData(challengesQueryOptions.queryKey)?.challenges.find((challenge) => challenge.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(challengesQueryOptions.queryKey)?.dataUpdatedAt,
  });
}
