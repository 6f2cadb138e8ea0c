import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AdminInstanceList, AdminStopAllResult, Ok } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

const adminInstancesKey = ['admin-instances'] as const;

/** GET /api/admin/instances: every running instance; read again every 15 s while shown. */
export function useAdminInstances() {
  return useQuery({
    queryKey: adminInstancesKey,
    queryFn: ({ signal }) => apiClient.get<AdminInstanceList>('/api/admin/instances', { signal }),
    refetchInterval: 15_000,
  });
}

/** Stop one instance (DELETE), or every one (POST stop-all); each is audited by the server. */
export function useStopInstances() {
  const queryClient = useQueryClient();
  const onSettled = () => void queryClient.invalidateQueries({ queryKey: adminInstancesKey });
  return {
    stopOne: useMutation({
      mutationFn: (id: string) => apiClient.delete<Ok>(`/api/admin/instances/${encodeURIComponent(id)}`),
      onSettled,
    }),
    stopAll: useMutation({
      mutationFn: () => apiClient.post<AdminStopAllResult>('/api/admin/instances/stop-all', undefined),
      onSettled,
    }),
  };
}
