import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ChallengeSummary, PublicChallenge } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys } from '@/lib/query-keys';

import { challengesQueryOptions } from './get-challenges';

/** GET /api/challenges/:id: one challenge; 404 CHALLENGE_NOT_FOUND when it does not exist. */
function getChallenge(id: string, signal?: AbortSignal) {
  return apiClient.get<PublicChallenge>(`/api/challenges/${encodeURIComponent(id)}`, { signal });
}

export function challengeQueryOptions(id: string) {
  return queryOptions({
    queryKey: challengeKeys.detail(id),
    queryFn: ({ signal }) => getChallenge(id, signal),
  });
}

/** One challenge, whole: the list gives a summary only (description, hints and files come from here). */
export function useChallenge(id: string) {
  return useQuery(challengeQueryOptions(id));
}

/**
 * What the list already read says of a challenge, if it was read: the challenge page shows its header from it while
 * the challenge itself is read, and only what the summary has.
 */
export function useListedChallenge(id: string): ChallengeSummary | undefined {
  return useQueryClient()
    .getQueryData(challengesQueryOptions.queryKey)
    ?.challenges.find((challenge) => challenge.id === id);
}
