import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AccountSessionList, EndedSessions, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** Where the signed-in user is signed in (server: modules/auth/sessions.routes.ts). */
const sessionKeys = { all: ['account-sessions'] as const };

const listSessions = () => apiClient.get<AccountSessionList>('/api/account/sessions');
const endSession = (id: string) => apiClient.delete<Ok>(`/api/account/sessions/${encodeURIComponent(id)}`);
const endOtherSessions = () => apiClient.post<EndedSessions>('/api/account/sessions/end-others', undefined);

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
