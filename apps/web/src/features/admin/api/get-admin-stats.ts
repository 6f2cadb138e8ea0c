import { useQuery } from '@tanstack/react-query';

import type { AdminStats } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/stats: user count, admin count, total and average score. */
function getAdminStats(signal?: AbortSignal) {
  return apiClient.get<AdminStats>('/api/admin/stats', { signal });
}

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal) });
}
