import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AdminChallengeBody, AdminChallengePatch, AdminChallenge, DeleteChallengeResult } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { adminChallengeKeys } from '@/lib/query-keys';

import { refreshCatalogue } from './refresh-catalogue';

const base = (id: string) => `/api/admin/challenges/${encodeURIComponent(id)}`;

/**
 * POST /api/admin/challenges (201), or PATCH /api/admin/challenges/:id with only the fields that changed when `id` is
 * given (a field left out keeps its value on the server).
 */
export function useSaveChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: null; body: AdminChallengeBody } | { id: string; body: AdminChallengePatch }) =>
      save.id === null
        ? apiClient.post<AdminChallenge>('/api/admin/challenges', save.body)
        : apiClient.patch<AdminChallenge>(base(save.id), save.body),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminChallengeKeys.detail(saved.id), saved);
      refreshCatalogue(queryClient);
    },
  });
}

/** PATCH with `{ state }`: hide or show a challenge from the list. */
export function useSetChallengeState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: 'visible' | 'hidden' }) =>
      apiClient.patch<AdminChallenge>(base(id), { state } satisfies AdminChallengePatch),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminChallengeKeys.detail(saved.id), saved);
      refreshCatalogue(queryClient);
    },
  });
}

/** POST /api/admin/challenges/:id/duplicate: a hidden copy with its own id. */
export function useDuplicateChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<AdminChallenge>(`${base(id)}/duplicate`, {}),
    onSuccess: () => refreshCatalogue(queryClient),
  });
}

/** DELETE /api/admin/challenges/:id: its solves go, and the scores change, in one transaction. */
export function useDeleteChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<DeleteChallengeResult>(base(id)),
    onSuccess: (result, id) => {
      queryClient.removeQueries({ queryKey: adminChallengeKeys.detail(id) });
      refreshCatalogue(queryClient, { scoresChanged: result.deletedSolves > 0 });
    },
  });
}
