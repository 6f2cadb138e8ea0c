import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { AuditPage } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/audit: what admins did, newest first. */
function getAuditLog(page: number, signal?: AbortSignal) {
  return apiClient.get<AuditPage>(`/api/admin/audit?page=${page}`, { signal });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.auditPage(page),
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
  });
}
