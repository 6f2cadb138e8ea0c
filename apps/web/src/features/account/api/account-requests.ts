import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ChangeEmailBody, ChangePasswordBody, EmailOnlyBody, Ok, ResetPasswordBody, VerifyEmailBody } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** The account flows (server: modules/auth/account.routes.ts). Each answers `{ ok: true }`. */
const requestPasswordReset = (body: EmailOnlyBody) => apiClient.post<Ok>('/api/auth/password/forgot', body);
const resetPassword = (body: ResetPasswordBody) => apiClient.post<Ok>('/api/auth/password/reset', body);
const changePassword = (body: ChangePasswordBody) => apiClient.post<Ok>('/api/auth/password/change', body);
const requestVerification = (body: EmailOnlyBody) => apiClient.post<Ok>('/api/auth/email/verification', body);
const verifyEmail = (body: VerifyEmailBody) => apiClient.post<Ok>('/api/auth/email/verify', body);
const changeEmail = (body: ChangeEmailBody) => apiClient.post<Ok>('/api/auth/email/change', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
export const useRequestVerification = () => useMutation({ mutationFn: requestVerification });
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });

/** A confirmed address changes the session's user (its address or its status): read it again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
