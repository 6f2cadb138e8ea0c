import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { AccountSessionListSchema, EndedSessionsSchema, OkSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** Where the signed-in user is signed in (server: modules/auth/sessions.routes.ts). */
const sessionKeys = { all: ['account-sessions'] as const };

const listSessions = () => apiClient.get('/api/account/sessions', AccountSessionListSchema);
const endSession = (id: string) => apiClient.delete(`/api/account/sessions/${encodeURIComponent(id)}`, OkSchema);
const endOtherSessions = () => apiClient.post('/api/account/sessions/end-others', undefined, EndedSessionsSchema);

export const useAccountSessions = () => useQuery({ queryKey: sessionKeys.all, queryFn: listSessions });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
