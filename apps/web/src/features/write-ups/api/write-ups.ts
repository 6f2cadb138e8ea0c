import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Ok, WriteUp, WriteUpBody, WriteUpPage } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { writeUpKeys } from '@/lib/query-keys';

const base = (challengeId: string) => `/api/challenges/${encodeURIComponent(challengeId)}/write-ups`;

/**
 * GET /api/challenges/:id/write-ups: the player's own write-up and a page of the others'. 403 CHALLENGE_NOT_SOLVED until
 * the player solved the challenge: the server alone decides who reads (docs/product.md#write-ups).
 */
export function useWriteUps(challengeId: string, page: number, isEnabled: boolean) {
  return useQuery({
    enabled: isEnabled,
    queryKey: writeUpKeys.page(challengeId, page),
    queryFn: ({ signal }) => apiClient.get<WriteUpPage>(`${base(challengeId)}?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshWriteUps(challengeId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: writeUpKeys.list(challengeId) });
}

/** PUT .../write-ups/mine: publishes the player's write-up, or replaces its text. */
export function useSaveWriteUp(challengeId: string) {
  const refresh = useRefreshWriteUps(challengeId);
  return useMutation({
    mutationFn: (body: WriteUpBody) => apiClient.put<WriteUp>(`${base(challengeId)}/mine`, body),
    onSuccess: refresh,
  });
}

/** DELETE .../write-ups/mine. */
export function useDeleteWriteUp(challengeId: string) {
  const refresh = useRefreshWriteUps(challengeId);
  return useMutation({
    mutationFn: () => apiClient.delete<Ok>(`${base(challengeId)}/mine`),
    onSuccess: refresh,
  });
}

/** POST /api/write-ups/:id/hide or /unhide (moderators). */
export function useSetWriteUpHidden(challengeId: string) {
  const refresh = useRefreshWriteUps(challengeId);
  return useMutation({
    mutationFn: ({ id, isHidden }: { id: number; isHidden: boolean }) =>
      apiClient.post<WriteUp>(`/api/write-ups/${id}/${isHidden ? 'hide' : 'unhide'}`, undefined),
    onSuccess: refresh,
  });
}
