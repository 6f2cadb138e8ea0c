import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RegisterBody, AuthResponse } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { startSession } from './session-cache';

/** POST /api/auth/register: creates the account, signs it in and answers with the user. */
function register(body: RegisterBody) {
  return apiClient.post<AuthResponse>('/api/auth/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
