import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { SeasonListResult, SeasonStandingsResult } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { eventKeys } from '@/lib/query-keys';

/** Under the event's key: a change of the event (live `event`, or an admin's save) may keep one more (docs/product.md#events). */
const seasonKeys = {
  list: () => [...eventKeys.all, 'seasons'] as const,
  detail: (id: string, page: number) => [...eventKeys.all, 'seasons', id, page] as const,
};

/** GET /api/seasons: the events that ended, the latest first. */
export function useSeasons() {
  return useQuery({
    queryKey: seasonKeys.list(),
    queryFn: ({ signal }) => apiClient.get<SeasonListResult>('/api/seasons', { signal }),
  });
}

/** GET /api/seasons/{id}?page=N: an ended event, a page of its final standings and the player's own row. */
export function useSeason(id: string, page: number) {
  return useQuery({
    queryKey: seasonKeys.detail(id, page),
    queryFn: ({ signal }) =>
      apiClient.get<SeasonStandingsResult>(`/api/seasons/${encodeURIComponent(id)}?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where an event's exports are (the CSV needs the session cookie: a plain link sends it). */
export const exportUrls = (id: string) => ({
  csv: `/api/seasons/${encodeURIComponent(id)}/standings.csv`,
  ctftime: `/api/seasons/${encodeURIComponent(id)}/ctftime`,
});
