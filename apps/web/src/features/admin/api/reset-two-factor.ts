import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** DELETE /api/admin/users/:userId/two-factor: the player signs in with the password alone again (audited). */
function resetTwoFactor(userId: string) {
  return apiClient.delete<Ok>(`/api/admin/users/${encodeURIComponent(userId)}/two-factor`);
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
}
