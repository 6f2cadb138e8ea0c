import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  ConfirmTwoFactorBody,
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  Ok,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** The signed-in user's second factor (server: modules/auth/two-factor.routes.ts). */
const twoFactorKeys = { all: ['two-factor'] as const };

const getTwoFactorStatus = () => apiClient.get<TwoFactorStatus>('/api/auth/two-factor');
const enableTwoFactor = (body: EnableTwoFactorBody) => apiClient.post<TwoFactorEnrolment>('/api/auth/two-factor/enable', body);
const confirmTwoFactor = (body: ConfirmTwoFactorBody) => apiClient.post<Ok>('/api/auth/two-factor/confirm', body);
const disableTwoFactor = (body: DisableTwoFactorBody) => apiClient.post<Ok>('/api/auth/two-factor/disable', body);

export const useTwoFactorStatus = () => useQuery({ queryKey: twoFactorKeys.all, queryFn: getTwoFactorStatus });
export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });

function useChangingStatus<T>(mutationFn: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }) });
}
export const useConfirmTwoFactor = () => useChangingStatus(confirmTwoFactor);
export const useDisableTwoFactor = () => useChangingStatus(disableTwoFactor);
