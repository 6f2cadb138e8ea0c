import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { SeedResult } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { challengeKeys, statsKeys } from '@/lib/query-keys';

/** POST /api/admin/seed: writes the built-in challenges and badges in one batch (admins only). */
function seedDatabase() {
  return apiClient.post<SeedResult>('/api/admin/seed', {});
}

export function useSeedDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seedDatabase,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
      void queryClient.invalidateQueries({ queryKey: statsKeys.all });
    },
  });
}
