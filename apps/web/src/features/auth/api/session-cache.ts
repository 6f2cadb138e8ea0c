import type { Query, QueryClient } from '@tanstack/react-query';

import type { PublicUser } from '@drapeau/shared';

import { sessionKeys } from '@/lib/query-keys';

function isOtherThanSession(query: Query): boolean {
  return query.queryKey[0] !== sessionKeys.all[0];
}

/**
 * After sign-in: the user is known at once (docs/product.md#sessions), and data cached for an earlier session is refetched.
 */
export function startSession(queryClient: QueryClient, user: PublicUser): void {
  queryClient.setQueryData(sessionKeys.all, user);
  void queryClient.invalidateQueries({ predicate: isOtherThanSession });
}

/** After sign-out: user data is cleared (docs/product.md#sessions). */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionKeys.all, null);
  queryClient.removeQueries({ predicate: isOtherThanSession });
}
