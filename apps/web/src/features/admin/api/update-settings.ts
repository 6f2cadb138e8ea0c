import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdatePlatformSettingsBody, PlatformSettings } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { leaderboardKeys } from '@/lib/query-keys';

import { adminKeys } from './admin-keys';

/** PATCH /api/admin/settings: the settings given change, the others stay. */
function updateSettings(body: UpdatePlatformSettingsBody) {
  return apiClient.patch<PlatformSettings>('/api/admin/settings', body);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.settings(), settings);
      for (const queryKey of [adminKeys.audit(), leaderboardKeys.all]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
