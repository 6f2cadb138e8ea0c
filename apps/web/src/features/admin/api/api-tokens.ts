import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AdminApiTokenPage, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

const tokenKeys = { all: [...adminKeys.all, 'tokens'] as const };

/** GET /api/admin/tokens: every player's API tokens (never the tokens themselves), newest first. */
function getApiTokens(page: number, signal?: AbortSignal) {
  return apiClient.get<AdminApiTokenPage>(`/api/admin/tokens?page=${page}`, { signal });
}

export function useApiTokens(page: number) {
  return useQuery({
    queryKey: [...tokenKeys.all, page],
    queryFn: ({ signal }) => getApiTokens(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/admin/tokens/:tokenId: the token stops at once (audited). */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => apiClient.delete<Ok>(`/api/admin/tokens/${encodeURIComponent(tokenId)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tokenKeys.all });
      await queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
