import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ChallengeList, LocalizedText } from '@drapeau/shared';
import { toPlayerChallengeList } from '@drapeau/shared/challenge-list';

import { apiClient } from '@/lib/api-client';
import { challengeKeys } from '@/lib/query-keys';

/**
 * GET /api/challenges, under the same query key as the challenges feature, so both share one cached list (features do
 * not import each other, docs/conventions.md#layers-and-dependency-rules). Only the titles are read here.
 */
function getChallengeList(signal?: AbortSignal) {
  return apiClient.get<ChallengeList>('/api/challenges', { signal }).then(toPlayerChallengeList);
}

const challengeListQueryOptions = queryOptions({
  queryKey: challengeKeys.list(),
  queryFn: ({ signal }) => getChallengeList(signal),
});

/** Challenge titles by id, in every language; fetched only when `enabled`. */
export function useChallengeTitles(enabled = true) {
  return useQuery({
    ...challengeListQueryOptions,
    enabled,
    select: (data) => new Map<string, LocalizedText>(data.challenges.map((challenge) => [challenge.id, challenge.title])),
  });
}
