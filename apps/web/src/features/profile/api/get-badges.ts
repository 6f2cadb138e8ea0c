import { useQuery } from '@tanstack/react-query';

import { badgesQueryOptions } from '@/lib/badges-query';

/** The badge catalogue (lib/badges-query.ts). */
export function useBadges() {
  return useQuery(badgesQueryOptions);
}
