import { useQuery } from '@tanstack/react-query';

import { ChallengeFlagListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/challenges/flags: this deployment's flag for each challenge. */
function getChallengeFlags(signal?: AbortSignal) {
  return apiClient.get('/api/admin/challenges/flags', ChallengeFlagListSchema, { signal });
}

export function useChallengeFlags() {
  return useQuery({ queryKey: adminKeys.flags(), queryFn: ({ signal }) => getChallengeFlags(signal) });
}
