import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AdminAttachment, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { adminChallengeKeys } from '@/lib/query-keys';

import { refreshCatalogue } from './refresh-catalogue';

const base = (challengeId: string) => `/api/admin/challenges/${encodeURIComponent(challengeId)}/attachments`;

/** The file goes as the raw body (application/octet-stream), its name in the query. */
function asOctets(file: File): Blob {
  return new Blob([file], { type: 'application/octet-stream' });
}

/** Upload (POST) a new file, or replace (PUT) an existing one by id; then the challenge is read again. */
export function useUploadAttachment(challengeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, replaceId }: { file: File; replaceId?: number }) => {
      const query = `?name=${encodeURIComponent(file.name)}`;
      return replaceId === undefined
        ? apiClient.post<AdminAttachment>(`${base(challengeId)}${query}`, asOctets(file))
        : apiClient.put<AdminAttachment>(`${base(challengeId)}/${replaceId}${query}`, asOctets(file));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminChallengeKeys.detail(challengeId) });
      refreshCatalogue(queryClient);
    },
  });
}

export function useRemoveAttachment(challengeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) => apiClient.delete<Ok>(`${base(challengeId)}/${attachmentId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminChallengeKeys.detail(challengeId) });
      refreshCatalogue(queryClient);
    },
  });
}
