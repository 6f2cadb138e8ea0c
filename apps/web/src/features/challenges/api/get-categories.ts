import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CategoryList } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

/** GET /api/categories: the six built-in categories and those admins added, with names (EN/FR) and icons. */
export const categoriesQueryOptions = queryOptions({
  queryKey: [...categoryKeys.all, 'public'],
  queryFn: ({ signal }) => apiClient.get<CategoryList>('/api/categories', { signal }),
  staleTime: 5 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
