import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { BanUserBody, PublicUser } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { refreshAfterUserChange } from './admin-keys';

/** POST /api/admin/users/:userId/ban: the player's sessions and tokens stop at once; they see the reason at sign-in. */
function banUser(userId: string, body: BanUserBody) {
  return apiClient.post<PublicUser>(`/api/admin/users/${encodeURIComponent(userId)}/ban`, body);
}

/** DELETE /api/admin/users/:userId/ban: the account can sign in again. */
function unbanUser(userId: string) {
  return apiClient.delete<PublicUser>(`/api/admin/users/${encodeURIComponent(userId)}/ban`);
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: BanUserBody }) => banUser(userId, body),
    onSuccess: () => refreshAfterUserChange(queryClient),
  });
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSuccess: () => refreshAfterUserChange(queryClient),
  });
}
