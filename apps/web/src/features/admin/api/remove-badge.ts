import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PublicUser } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { refreshAfterUserChange } from './admin-keys';

/** DELETE /api/admin/users/:userId/badges/:badgeId. */
function removeBadge(userId: string, badgeId: string) {
  return apiClient.delete<PublicUser>(`/api/admin/users/${encodeURIComponent(userId)}/badges/${encodeURIComponent(badgeId)}`);
}

export function useRemoveBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, badgeId }: { userId: string; badgeId: string }) => removeBadge(userId, badgeId),
    onSuccess: () => refreshAfterUserChange(queryClient),
  });
}
