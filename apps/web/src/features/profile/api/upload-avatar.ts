import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PublicUser } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { applyUpdatedUser } from './profile-cache';

const AVATAR_PATH = '/api/users/me/avatar';

/** PUT /api/users/me/avatar with the JPEG itself as the body (400 INVALID_IMAGE, 413 IMAGE_TOO_LARGE). */
function uploadAvatar(image: Blob): Promise<PublicUser> {
  return apiClient.put<PublicUser>(AVATAR_PATH, image);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => applyUpdatedUser(queryClient, user),
  });
}
