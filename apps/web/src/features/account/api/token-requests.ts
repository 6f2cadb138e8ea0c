import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiTokenListSchema, type CreateApiTokenBody, CreatedApiTokenSchema, OkSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** The signed-in user's API tokens (server: modules/tokens/tokens.routes.ts). */
const tokenKeys = { all: ['api-tokens'] as const };

const listTokens = () => apiClient.get('/api/tokens', ApiTokenListSchema);
const createToken = (body: CreateApiTokenBody) => apiClient.post('/api/tokens', body, CreatedApiTokenSchema);
const revokeToken = (id: string) => apiClient.delete(`/api/tokens/${encodeURIComponent(id)}`, OkSchema);

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
