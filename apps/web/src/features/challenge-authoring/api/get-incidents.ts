import { useQuery } from '@tanstack/react-query';

import type { IncidentList } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { incidentKeys } from '@/lib/query-keys';

/** GET /api/admin/incidents: shared per-user flags, newest first. A live `incident` event refreshes it. */
export function useIncidents() {
  return useQuery({
    queryKey: incidentKeys.all,
    queryFn: ({ signal }) => apiClient.get<IncidentList>('/api/admin/incidents', { signal }),
  });
}
