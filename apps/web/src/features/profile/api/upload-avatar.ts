import { ErrorBodySchema, PublicUserSchema, type PublicUser } from '@drapeau/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';

import { applyUpdatedUser } from './profile-cache';

const AVATAR_PATH = '/api/users/me/avatar';

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // Not our error body: reported as BAD_RESPONSE below.
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, retryAfterSeconds, issues } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, retryAfterSeconds, issues });
  }
  return new ApiError({
    status: response.status,
    code: 'BAD_RESPONSE',
    message: `${response.status}: ${text || response.statusText}`,
  });
}

/**
 * PUT /api/users/me/avatar with the JPEG itself as the body (400 INVALID_IMAGE, 413 IMAGE_TOO_LARGE).
 * apiClient sends JSON or FormData only, so this call uses fetch directly with the same error contract (ApiError).
 */
export async function uploadAvatar(image: Blob): Promise<PublicUser> {
  let response: Response;
  try {
    response = await fetch(new URL(AVATAR_PATH, window.location.origin), {
      method: 'PUT',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'image/jpeg' },
      body: image,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Network request failed';
    throw new ApiError({ status: 0, code: 'NETWORK', message });
  }
  if (!response.ok) throw await toApiError(response);
  const parsed = PublicUserSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'BAD_RESPONSE', message: `Unexpected response from PUT ${AVATAR_PATH}` });
  }
  return parsed.data;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => applyUpdatedUser(queryClient, user),
  });
}
