import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AdminUpdateUserBody, PublicUser } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { refreshAfterUserChange } from './admin-keys';

/** PATCH /api/admin/users/:userId: username, bio, score (the total wanted) and rank. */
function updateUser(userId: string, body: AdminUpdateUserBody) {
  return apiClient.patch<PublicUser>(`/api/admin/users/${encodeURIComponent(userId)}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: AdminUpdateUserBody }) => updateUser(userId, body),
    onSuccess: () => refreshAfterUserChange(queryClient),
  });
}
