import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { SubmitFlagBody, SubmitFlagResult } from '@drapeau/shared';

import { apiClient, isApiError } from '@/lib/api-client';
import { challengeKeys, leaderboardKeys, sessionKeys, userKeys } from '@/lib/query-keys';

/** POST /api/challenges/:id/submit: `correct`, `incorrect` or `already_solved`, as a 200 result. */
function submitFlag(challengeId: string, body: SubmitFlagBody) {
  return apiClient.post<SubmitFlagResult>(`/api/challenges/${encodeURIComponent(challengeId)}/submit`, body);
}

/** After a solve, the challenge (solved, solve count), the session user (score) and the standings change. */
export function useSubmitFlag(challengeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitFlagBody) => submitFlag(challengeId, body),
    onSuccess: (result) => {
      if (result.status === 'incorrect') {
        // A wrong flag on a challenge with a maximum uses up an attempt: the page shows how many are left.
        if (result.attemptsLeft !== undefined && result.attemptsLeft !== null) {
          void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
        }
        return;
      }
      for (const queryKey of [challengeKeys.all, sessionKeys.all, leaderboardKeys.all, userKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    // Refused because the challenge closed, locked or ran out of attempts meanwhile: show it as it now is.
    onError: (error) => {
      if (isApiError(error) && error.status === 403) void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    },
  });
}
