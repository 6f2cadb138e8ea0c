import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateProfileBody, PublicUser } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { applyUpdatedUser } from './profile-cache';

/** PATCH /api/users/me: the username and/or the bio; 409 USERNAME_TAKEN, 400 VALIDATION_FAILED. */
function updateProfile(body: UpdateProfileBody) {
  return apiClient.patch<PublicUser>('/api/users/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => applyUpdatedUser(queryClient, user),
  });
}
