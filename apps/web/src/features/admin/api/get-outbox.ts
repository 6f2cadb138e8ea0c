import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { OutboxPage } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/mail: one page of the outbox, newest first, and whether mails go out through SMTP instead. */
function getOutbox(page: number, signal?: AbortSignal) {
  return apiClient.get<OutboxPage>(`/api/admin/mail?page=${page}`, { signal });
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: adminKeys.outboxPage(page),
    queryFn: ({ signal }) => getOutbox(page, signal),
    placeholderData: keepPreviousData,
  });
}
