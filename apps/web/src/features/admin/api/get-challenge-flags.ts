import { useQuery } from '@tanstack/react-query';

import type { ChallengeFlagList } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/challenges/flags: this deployment's flag for each challenge. */
function getChallengeFlags(signal?: AbortSignal) {
  return apiClient.get<ChallengeFlagList>('/api/admin/challenges/flags', { signal });
}

export function useChallengeFlags() {
  return useQuery({ queryKey: adminKeys.flags(), queryFn: ({ signal }) => getChallengeFlags(signal) });
}
