import { useQuery } from '@tanstack/react-query';

import type { ChallengeList } from '@drapeau/shared';
import { toPlayerChallengeList } from '@drapeau/shared/challenge-list';

import { apiClient } from '@/lib/api-client';
import { challengeKeys } from '@/lib/query-keys';

/**
 * GET /api/challenges, for the challenge titles of the submission filter and the flag list. It shares the challenge
 * list's key and body (lib/query-keys), so both features read one cache entry.
 */
function getChallengeList(signal?: AbortSignal) {
  return apiClient.get<ChallengeList>('/api/challenges', { signal }).then(toPlayerChallengeList);
}

export function useChallengeList() {
  return useQuery({ queryKey: challengeKeys.list(), queryFn: ({ signal }) => getChallengeList(signal) });
}
