import { queryOptions, useQuery } from '@tanstack/react-query';

import { PlayerChallengeListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys } from '@/lib/query-keys';

/**
 * GET /api/challenges: every challenge, with the signed-in user's solved flag and the solve counts. The answer is the
 * part every player shares and the player's own part; PlayerChallengeListSchema merges them into the summaries.
 */
function getChallenges(signal?: AbortSignal) {
  return apiClient.get('/api/challenges', PlayerChallengeListSchema, { signal });
}

export const challengesQueryOptions = queryOptions({
  queryKey: challengeKeys.list(),
  queryFn: ({ signal }) => getChallenges(signal),
});

export function useChallenges() {
  return useQuery(challengesQueryOptions);
}
