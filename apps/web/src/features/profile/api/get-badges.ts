import { queryOptions, useQuery } from '@tanstack/react-query';

import { BadgeListSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

const badgeKeys = {
  all: ['badges'] as const,
  list: () => [...badgeKeys.all, 'list'] as const,
};

/** GET /api/badges: the badge catalogue (icon, title and description in every language, criteria). */
function getBadges(signal?: AbortSignal) {
  return apiClient.get('/api/badges', BadgeListSchema, { signal });
}

const badgesQueryOptions = queryOptions({
  queryKey: badgeKeys.list(),
  queryFn: ({ signal }) => getBadges(signal),
});

export function useBadges() {
  return useQuery(badgesQueryOptions);
}
