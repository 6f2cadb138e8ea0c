import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Ok, PlayerInstance, PlayerInstanceState } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

const path = (challengeId: string) => `/api/challenges/${encodeURIComponent(challengeId)}/instance`;
const instanceKey = (challengeId: string) => ['instances', challengeId] as const;

/**
 * GET /api/challenges/:id/instance: the player's instance of the challenge's service, or null when the challenge has
 * no service (404 NO_INSTANCE_SERVICE). Refreshed every 30 s while shown, for the time left.
 */
export function useInstance(challengeId: string) {
  return useQuery({
    queryKey: instanceKey(challengeId),
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get<PlayerInstanceState>(path(challengeId), { signal });
      } catch (error) {
        if (isApiError(error) && error.code === 'NO_INSTANCE_SERVICE') return null;
        throw error;
      }
    },
    refetchInterval: 30_000,
    retry: false,
  });
}

/** Start, extend and stop: each answers the new state, which replaces the cached one. */
export function useInstanceActions(challengeId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: instanceKey(challengeId) });
  return {
    start: useMutation({
      mutationFn: () => apiClient.post<PlayerInstance>(path(challengeId), undefined),
      onSettled: refresh,
    }),
    extend: useMutation({
      mutationFn: () => apiClient.post<PlayerInstance>(`${path(challengeId)}/extend`, undefined),
      onSettled: refresh,
    }),
    stop: useMutation({ mutationFn: () => apiClient.delete<Ok>(path(challengeId)), onSettled: refresh }),
  };
}
