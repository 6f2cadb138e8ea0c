import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ChangeEmailBody, ChangePasswordBody, EmailOnlyBody, ResetPasswordBody, VerifyEmailBody } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { OkSchema } from '@/lib/first-load-schemas';

/** The account flows (server: modules/auth/account.routes.ts). Each answers `{ ok: true }`. */
const requestPasswordReset = (body: EmailOnlyBody) => apiClient.post('/api/auth/password/forgot', body, OkSchema);
const resetPassword = (body: ResetPasswordBody) => apiClient.post('/api/auth/password/reset', body, OkSchema);
const changePassword = (body: ChangePasswordBody) => apiClient.post('/api/auth/password/change', body, OkSchema);
const requestVerification = (body: EmailOnlyBody) => apiClient.post('/api/auth/email/verification', body, OkSchema);
const verifyEmail = (body: VerifyEmailBody) => apiClient.post('/api/auth/email/verify', body, OkSchema);
const changeEmail = (body: ChangeEmailBody) => apiClient.post('/api/auth/email/change', body, OkSchema);

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
