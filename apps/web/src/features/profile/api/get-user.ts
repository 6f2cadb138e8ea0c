import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PublicUser } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

export const userQueryKey = (userId: string) => [...userKeys.all, 'detail', userId] as const;

/** GET /api/users/:userId: a player's public profile; 404 USER_NOT_FOUND when there is no such user. */
function getUser(userId: string, signal?: AbortSignal) {
  return apiClient.get<PublicUser>(`/api/users/${encodeURIComponent(userId)}`, { signal });
}

function userQueryOptions(userId: string) {
  return queryOptions({ queryKey: userQueryKey(userId), queryFn: ({ signal }) => getUser(userId, signal) });
}

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
