import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import type { PublicUser, SessionResponse } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { sessionKeys } from '@/lib/query-keys';

/** GET /api/auth/session: the signed-in user, or null when signed out. */
async function getSession(signal?: AbortSignal): Promise<PublicUser | null> {
  const { user } = await apiClient.get<SessionResponse>('/api/auth/session', { signal });
  return user;
}

const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: ({ signal }) => getSession(signal),
});

/** The session: `data` is the user, null when signed out, undefined while loading. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * Starts reading the session as the app starts (main.tsx), beside the first page's code and texts rather than after them:
 * every signed-in page waits for it (docs/performance.md "Lighthouse").
 */
export function prefetchSession(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(sessionQueryOptions);
}
