import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PublicStats } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { statsKeys } from '@/lib/query-keys';

/** GET /api/stats: the numbers the landing page shows (never hard-coded claims). */
function getStats(signal?: AbortSignal) {
  return apiClient.get<PublicStats>('/api/stats', { signal });
}

const statsQueryOptions = queryOptions({
  queryKey: statsKeys.all,
  queryFn: ({ signal }) => getStats(signal),
});

export function useStats() {
  return useQuery(statsQueryOptions);
}
