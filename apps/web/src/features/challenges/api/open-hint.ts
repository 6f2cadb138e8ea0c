import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OpenHintResult } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys, leaderboardKeys, sessionKeys, userKeys } from '@/lib/query-keys';

/** POST /api/challenges/:id/hints/:hintId/open: the server remembers it per player and applies the cost. */
function openHint(challengeId: string, hintId: number) {
  return apiClient.post<OpenHintResult>(`/api/challenges/${encodeURIComponent(challengeId)}/hints/${hintId}/open`, undefined);
}

/** An opened hint changes the challenge (its content, what a solve gives) and, on a solved challenge, the score. */
export function useOpenHint(challengeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hintId: number) => openHint(challengeId, hintId),
    onSuccess: () => {
      for (const queryKey of [challengeKeys.all, sessionKeys.all, leaderboardKeys.all, userKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
