import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ScoreGraph } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { leaderboardKeys } from '@/lib/query-keys';

/**
 * GET /api/leaderboard/graph: the top 10 over time. Under the leaderboard's key, so that a live solve refetches it with
 * the standings (features/live batches the events of a moment into one refetch).
 */
function scoreGraphQueryOptions() {
  return queryOptions({
    queryKey: [...leaderboardKeys.all, 'graph'] as const,
    queryFn: ({ signal }) => apiClient.get<ScoreGraph>('/api/leaderboard/graph', { signal }),
  });
}

export function useScoreGraph({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...scoreGraphQueryOptions(), enabled });
}
