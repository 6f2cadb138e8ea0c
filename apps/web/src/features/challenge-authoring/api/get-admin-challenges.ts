import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { AdminChallengeQuery, AdminChallengeList } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { adminChallengeKeys } from '@/lib/query-keys';

/** The list's filters as the address and the query string hold them ('' = any). */
export interface ChallengeFilters {
  search: string;
  category: string;
  level: string;
  state: string;
  hasFrench: string;
}

export const NO_FILTERS: ChallengeFilters = { search: '', category: '', level: '', state: '', hasFrench: '' };

function toQueryString(filters: ChallengeFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [keyof AdminChallengeQuery, string][]) {
    if (value.trim() !== '') params.set(key, value.trim());
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** GET /api/admin/challenges: every challenge, hidden ones too, filtered on the server. */
function getAdminChallenges(filters: ChallengeFilters, signal?: AbortSignal) {
  return apiClient.get<AdminChallengeList>(`/api/admin/challenges${toQueryString(filters)}`, { signal });
}

export function useAdminChallenges(filters: ChallengeFilters) {
  return useQuery({
    queryKey: adminChallengeKeys.list({ ...filters }),
    queryFn: ({ signal }) => getAdminChallenges(filters, signal),
    placeholderData: keepPreviousData,
  });
}
