import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { AdminSubmissionPage } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys, type SubmissionFilters } from './admin-keys';

/** GET /api/admin/submissions: every flag attempt, newest first, filtered on the server. */
function getSubmissions(filters: SubmissionFilters, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (filters.user !== '') params.set('user', filters.user);
  if (filters.challenge !== '') params.set('challenge', filters.challenge);
  if (filters.result !== '') params.set('result', filters.result);
  return apiClient.get<AdminSubmissionPage>(`/api/admin/submissions?${params.toString()}`, { signal });
}

export function useSubmissions(filters: SubmissionFilters, page: number) {
  return useQuery({
    queryKey: adminKeys.submissionPage(filters, page),
    queryFn: ({ signal }) => getSubmissions(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}
