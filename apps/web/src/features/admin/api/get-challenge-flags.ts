import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import type { ChallengeFlagListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/challenges/flags: this deployment's flag for each challenge. */
function getChallengeFlags(signal?: AbortSignal) {
  return apiClient.get<z.output<typeof ChallengeFlagListSchema>>('/api/admin/challenges/flags', { signal });
}

export function useChallengeFlags() {
  return useQuery({ queryKey: adminKeys.flags(), queryFn: ({ signal }) => getChallengeFlags(signal) });
}
