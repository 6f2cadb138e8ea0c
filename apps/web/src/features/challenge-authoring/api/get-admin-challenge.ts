import { useQuery } from '@tanstack/react-query';

import type { AdminChallenge } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { adminChallengeKeys } from '@/lib/query-keys';

/** GET /api/admin/challenges/:id: the whole challenge, flags included (admins only). */
function getAdminChallenge(id: string, signal?: AbortSignal) {
  return apiClient.get<AdminChallenge>(`/api/admin/challenges/${encodeURIComponent(id)}`, { signal });
}

export function useAdminChallenge(id: string | null) {
  return useQuery({
    queryKey: adminChallengeKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAdminChallenge(id ?? '', signal),
    enabled: id !== null,
    // The editor's form is filled once from this; a background refetch would not change the fields anyway.
    staleTime: Infinity,
  });
}
