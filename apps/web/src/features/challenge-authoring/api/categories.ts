import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AdminCategory, AdminCategoryBody, AdminCategoryList, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { categoryKeys } from '@/lib/query-keys';

/** GET /api/admin/categories: the six built-in ones and those admins added, with their use counts. */
export function useAdminCategories() {
  return useQuery({
    queryKey: [...categoryKeys.all, 'admin'],
    queryFn: ({ signal }) => apiClient.get<AdminCategoryList>('/api/admin/categories', { signal }),
  });
}

/** POST /api/admin/categories: 409 CATEGORY_EXISTS when the key is taken. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCategoryBody) => apiClient.post<AdminCategory>('/api/admin/categories', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

/** PUT /api/admin/categories/:key: new names or icon (the key stays). */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCategoryBody) =>
      apiClient.put<AdminCategory>(`/api/admin/categories/${encodeURIComponent(body.key)}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

/** DELETE /api/admin/categories/:key: 409 CATEGORY_IN_USE while a challenge uses it; built-in ones cannot go. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiClient.delete<Ok>(`/api/admin/categories/${encodeURIComponent(key)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
