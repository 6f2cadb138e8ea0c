import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { AdminUserPage } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/users: one page of users, searched by username or email on the server. */
function getAdminUsers(search: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (search !== '') params.set('search', search);
  return apiClient.get<AdminUserPage>(`/api/admin/users?${params.toString()}`, { signal });
}

/** The previous page stays on screen while the next one loads, so the list does not flash. */
export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.userPage(search, page),
    queryFn: ({ signal }) => getAdminUsers(search, page, signal),
    placeholderData: keepPreviousData,
  });
}
