import { useMutation, useQuery } from '@tanstack/react-query';

import type { SsoInfo, SsoStart } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { isBoolean, isString, lightSchema, objectOf } from '@/lib/light-schema';

// Light checks: the sign-in page is part of the first page (docs/performance.md), zod is not.
const SsoInfoSchema = lightSchema<SsoInfo>(objectOf({ enabled: isBoolean, label: isString, localSignUp: isBoolean }));
const SsoStartSchema = lightSchema<SsoStart>(objectOf({ url: isString }));

/** GET /api/auth/sso: whether single sign-on is on, its button's label, and whether local sign-up is open. */
export function useSsoInfo() {
  return useQuery({
    queryKey: ['auth', 'sso'],
    queryFn: () => apiClient.get('/api/auth/sso', SsoInfoSchema),
    staleTime: Infinity,
  });
}

/** POST /api/auth/sso/start, then the browser goes to the provider (it comes back through /api/auth/sso/callback). */
export function useStartSso() {
  return useMutation({
    mutationFn: () => apiClient.post('/api/auth/sso/start', undefined, SsoStartSchema),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
