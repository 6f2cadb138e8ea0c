import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AdminChallengeServiceResult, ChallengeServiceInput, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { adminChallengeKeys } from '@/lib/query-keys';

import { refreshCatalogue } from './refresh-catalogue';

const path = (challengeId: string) => `/api/admin/challenges/${encodeURIComponent(challengeId)}/service`;
const serviceKey = (challengeId: string) => [...adminChallengeKeys.detail(challengeId), 'service'] as const;

/** The challenge's service and its image's build (or pull); read again every 5 s while an image is being built. */
export function useChallengeService(challengeId: string) {
  return useQuery({
    queryKey: serviceKey(challengeId),
    queryFn: ({ signal }) => apiClient.get<AdminChallengeServiceResult>(path(challengeId), { signal }),
    refetchInterval: (query) => (query.state.data?.build?.status === 'building' ? 5_000 : false),
  });
}

/** PUT (save) or DELETE (remove) the service; then the service and the catalogue are read again. */
export function useSaveChallengeService(challengeId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: serviceKey(challengeId) });
    refreshCatalogue(queryClient);
  };
  return {
    save: useMutation({
      mutationFn: (service: ChallengeServiceInput) => apiClient.put<Ok>(path(challengeId), service),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: () => apiClient.delete<Ok>(path(challengeId)), onSuccess }),
  };
}
