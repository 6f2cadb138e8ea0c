import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { LeaderboardPageSchema, type LeaderboardQuery } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { leaderboardKeys } from '@/lib/query-keys';

export type LeaderboardParams = Pick<LeaderboardQuery, 'search' | 'page'>;

/** GET /api/leaderboard?search=&page=: one page of the standings; the server matches the search (username or email). */
export function getLeaderboard({ search, page }: LeaderboardParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return apiClient.get(`/api/leaderboard?${query.toString()}`, LeaderboardPageSchema, { signal });
}

export function leaderboardQueryOptions(params: LeaderboardParams) {
  return queryOptions({
    queryKey: [...leaderboardKeys.all, 'page', { search: params.search ?? '', page: params.page }] as const,
    queryFn: ({ signal }) => getLeaderboard(params, signal),
  });
}

/** The previous page stays on screen while the next one (or a new search) loads, so the table does not flash. */
export function useLeaderboard(params: LeaderboardParams) {
  return useQuery({ ...leaderboardQueryOptions(params), placeholderData: keepPreviousData });
}
