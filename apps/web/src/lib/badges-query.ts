import { queryOptions } from '@tanstack/react-query';

import type { BadgeList } from '@drapeau/shared';

import { apiClient } from './api-client';

/**
 * GET /api/badges: the badge catalogue (icon, title and description in every language, criteria). Here because the
 * profile shows it and a solve's toast names the badges it earned.
 */
export const badgesQueryOptions = queryOptions({
  queryKey: ['badges', 'list'] as const,
  queryFn: ({ signal }) => apiClient.get<BadgeList>('/api/badges', { signal }),
});
