import { useQuery } from '@tanstack/react-query';

import { IncidentListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { incidentKeys } from '@/lib/query-keys';

/** GET /api/admin/incidents: shared per-user flags, newest first. A live `incident` event refreshes it. */
export function useIncidents() {
  return useQuery({
    queryKey: incidentKeys.all,
    queryFn: ({ signal }) => apiClient.get('/api/admin/incidents', IncidentListSchema, { signal }),
  });
}
