import { useMutation, useQuery } from '@tanstack/react-query';

import type { SsoInfo, SsoStart } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** GET /api/auth/sso: whether single sign-on is on, its button's label, and whether local sign-up is open. */
export function useSsoInfo() {
  return useQuery({
    queryKey: ['auth', 'sso'],
    queryFn: () => apiClient.get<SsoInfo>('/api/auth/sso'),
    staleTime: Infinity,
  });
}

/** POST /api/auth/sso/start, then the browser goes to the provider (it comes back through /api/auth/sso/callback). */
export function useStartSso() {
  return useMutation({
    mutationFn: () => apiClient.post<SsoStart>('/api/auth/sso/start', undefined),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
