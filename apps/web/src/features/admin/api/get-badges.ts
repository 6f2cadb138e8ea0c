import { useQuery } from '@tanstack/react-query';

import type { BadgeList } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/badges: the badge catalogue, for the Badge System tab, the chips and the award dialog alike. */
function getBadges(signal?: AbortSignal) {
  return apiClient.get<BadgeList>('/api/badges', { signal });
}

export function useBadges() {
  return useQuery({ queryKey: adminKeys.badges(), queryFn: ({ signal }) => getBadges(signal) });
}
