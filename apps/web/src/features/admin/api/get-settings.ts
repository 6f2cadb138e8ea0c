import { useQuery } from '@tanstack/react-query';

import type { PlatformSettings } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/admin/settings: the platform settings. */
function getSettings(signal?: AbortSignal) {
  return apiClient.get<PlatformSettings>('/api/admin/settings', { signal });
}

export function useSettings() {
  return useQuery({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => getSettings(signal) });
}
