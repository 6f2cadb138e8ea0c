import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AuthResponse, LoginBody, TwoFactorChallenge, VerifyTwoFactorBody } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { startSession } from './session-cache';

/**
 * POST /api/auth/login: sets the session cookie and answers with the user, or, for an account with a second factor,
 * `{ twoFactorRequired: true, methods }` and a short-lived cookie that a code (TOTP) or a passkey then completes.
 */
function login(body: LoginBody) {
  return apiClient.post<AuthResponse | TwoFactorChallenge>('/api/auth/login', body);
}

/** POST /api/auth/two-factor/verify: the second step, with a code from the app or a backup code. */
function verifyTwoFactor(body: VerifyTwoFactorBody) {
  return apiClient.post<AuthResponse>('/api/auth/two-factor/verify', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ('user' in result) startSession(queryClient, result.user);
    },
  });
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
