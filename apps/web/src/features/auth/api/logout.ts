import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { endSession } from './session-cache';

/** POST /api/auth/logout: ends the session on the server. */
function logout() {
  return apiClient.post<Ok>('/api/auth/logout', {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => endSession(queryClient),
  });
}
