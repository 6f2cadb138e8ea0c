import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { LoginBody } from '@drapeau/shared';

import { AuthResponseSchema } from '@/lib/first-load-schemas';
import { apiClient } from '@/lib/api-client';

import { startSession } from './session-cache';

/** POST /api/auth/login: sets the session cookie and answers with the user. */
export function login(body: LoginBody) {
  return apiClient.post('/api/auth/login', body, AuthResponseSchema);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
