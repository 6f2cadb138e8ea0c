import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import type { IncidentListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { incidentKeys } from '@/lib/query-keys';

/** GET /api/admin/incidents: shared per-user flags, newest first. A live `incident` event refreshes it. */
export function useIncidents() {
  return useQuery({
    queryKey: incidentKeys.all,
    queryFn: ({ signal }) => apiClient.get<z.output<typeof IncidentListSchema>>('/api/admin/incidents', { signal }),
  });
}
