import { queryOptions, useQuery } from '@tanstack/react-query';

import { PublicStatsSchema } from '@/lib/first-load-schemas';
import { apiClient } from '@/lib/api-client';
import { statsKeys } from '@/lib/query-keys';

/** GET /api/stats: the numbers the landing page shows (never hard-coded claims). */
function getStats(signal?: AbortSignal) {
  return apiClient.get('/api/stats', PublicStatsSchema, { signal });
}

const statsQueryOptions = queryOptions({
  queryKey: statsKeys.all,
  queryFn: ({ signal }) => getStats(signal),
});

export function useStats() {
  return useQuery(statsQueryOptions);
}
