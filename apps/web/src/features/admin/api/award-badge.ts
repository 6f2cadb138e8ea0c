import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PublicUser } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { refreshAfterUserChange } from './admin-keys';

/** POST /api/admin/users/:userId/badges: 409 ALREADY_AWARDED when the user holds it. */
function awardBadge(userId: string, badgeId: string) {
  return apiClient.post<PublicUser>(`/api/admin/users/${encodeURIComponent(userId)}/badges`, { badgeId });
}

export function useAwardBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, badgeId }: { userId: string; badgeId: string }) => awardBadge(userId, badgeId),
    onSuccess: () => refreshAfterUserChange(queryClient),
  });
}
