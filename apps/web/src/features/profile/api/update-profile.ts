import { useMutation, useQueryClient } from '@tanstack/react-query';

import { PublicUserSchema, type UpdateProfileBody } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { applyUpdatedUser } from './profile-cache';

/** PATCH /api/users/me: the username and/or the bio; 409 USERNAME_TAKEN, 400 VALIDATION_FAILED. */
function updateProfile(body: UpdateProfileBody) {
  return apiClient.patch('/api/users/me', body, PublicUserSchema);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => applyUpdatedUser(queryClient, user),
  });
}
