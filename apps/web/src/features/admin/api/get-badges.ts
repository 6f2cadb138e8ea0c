import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import type { BadgeListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { adminKeys } from './admin-keys';

/** GET /api/badges: the badge catalogue, for the Badge System tab, the chips and the award dialog alike. */
function getBadges(signal?: AbortSignal) {
  return apiClient.get<z.output<typeof BadgeListSchema>>('/api/badges', { signal });
}

export function useBadges() {
  return useQuery({ queryKey: adminKeys.badges(), queryFn: ({ signal }) => getBadges(signal) });
}
