import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { LeaderboardQuery, LeaderboardPage } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { leaderboardKeys } from '@/lib/query-keys';

export type LeaderboardParams = Pick<LeaderboardQuery, 'search' | 'page'> & {
  /** Admins during a freeze: what players see (docs/product.md#freeze). */
  view?: 'public' | undefined;
};

/** GET /api/leaderboard?search=&page=: one page of the standings; the server matches the search (username or email). */
function getLeaderboard({ search, page, view }: LeaderboardParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  if (view) query.set('view', view);
  return apiClient.get<LeaderboardPage>(`/api/leaderboard?${query.toString()}`, { signal });
}

function leaderboardQueryOptions(params: LeaderboardParams) {
  return queryOptions({
    queryKey: [
      ...leaderboardKeys.all,
      'page',
      { search: params.search ?? '', page: params.page, view: params.view ?? 'default' },
    ] as const,
    queryFn: ({ signal }) => getLeaderboard(params, signal),
  });
}

/** The previous page stays on screen while the next one (or a new search) loads, so the table does not flash. */
export function useLeaderboard(params: LeaderboardParams) {
  return useQuery({ ...leaderboardQueryOptions(params), placeholderData: keepPreviousData });
}
