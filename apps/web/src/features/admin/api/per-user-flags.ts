import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { PerUserFlagsSetting } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/settings/per-user-flags: whether the built-in pack's flags are per player (docs/challenge-authoring.md). */
export function usePerUserFlags() {
  return useQuery({
    queryKey: adminKeys.perUserFlags(),
    queryFn: ({ signal }) => apiClient.get<PerUserFlagsSetting>('/api/admin/settings/per-user-flags', { signal }),
  });
}

/** PUT /api/admin/settings/per-user-flags: audited by the server like the other settings. */
export function useUpdatePerUserFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PerUserFlagsSetting) => apiClient.put<PerUserFlagsSetting>('/api/admin/settings/per-user-flags', body),
    onSuccess: (setting) => {
      queryClient.setQueryData(adminKeys.perUserFlags(), setting);
      for (const queryKey of [adminKeys.audit(), adminKeys.flags()]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
