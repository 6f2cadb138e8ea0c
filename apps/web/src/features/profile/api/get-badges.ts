import { useQuery } from '@tanstack/react-query';

import { badgesQueryOptions } from '@/lib/badges-query';

/** The badge catalogue (lib/badges-query.ts); fetched only when `enabled`. */
export function useBadges(enabled = true) {
  return useQuery({ ...badgesQueryOptions, enabled });
}
