import { useMutation, useQueryClient } from '@tanstack/react-query';

import { OkSchema } from '@/lib/first-load-schemas';
import { apiClient } from '@/lib/api-client';

import { endSession } from './session-cache';

/** POST /api/auth/logout: ends the session on the server. */
function logout() {
  return apiClient.post('/api/auth/logout', {}, OkSchema);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => endSession(queryClient),
  });
}
