import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ApiTokenList, CreateApiTokenBody, CreatedApiToken, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** The signed-in user's API tokens (server: modules/tokens/tokens.routes.ts). */
const tokenKeys = { all: ['api-tokens'] as const };

const listTokens = () => apiClient.get<ApiTokenList>('/api/tokens');
const createToken = (body: CreateApiTokenBody) => apiClient.post<CreatedApiToken>('/api/tokens', body);
const revokeToken = (id: string) => apiClient.delete<Ok>(`/api/tokens/${encodeURIComponent(id)}`);

export const useApiTokens = () => useQuery({ queryKey: tokenKeys.all, queryFn: listTokens });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
