import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { refreshAfterUserChange } from './admin-keys';

/** DELETE /api/admin/users/:userId: 400 CANNOT_DELETE_SELF for one's own account. */
function deleteUser(userId: string) {
  return apiClient.delete<Ok>(`/api/admin/users/${encodeURIComponent(userId)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => deleteUser(userId),
    onSuccess: () => refreshAfterUserChange(queryClient, { isDeletion: true }),
  });
}
