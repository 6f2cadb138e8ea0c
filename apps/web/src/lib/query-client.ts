import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { isApiError } from './api-error';
import { sessionKeys } from './query-keys';

/**
 * docs/architecture.md#web-app: data never goes stale, no refetch on focus, no polling, no retries. Mutations refresh what they
 * change by invalidating its keys.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => forgetExpiredSession(error) }),
    mutationCache: new MutationCache({ onError: (error) => forgetExpiredSession(error) }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

  /** A 401 on any call means the session ended (expired, banned, deleted): the route guards then go to /login. */
  function forgetExpiredSession(error: unknown): void {
    if (isApiError(error) && error.code === 'UNAUTHENTICATED') {
      queryClient.setQueryData(sessionKeys.all, null);
    }
  }

  return queryClient;
}
