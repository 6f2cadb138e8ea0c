import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { OkSchema, PasskeyListSchema, PasskeySchema, WebAuthnOptionsSchema } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** The signed-in user's passkeys (server: modules/auth/passkeys.routes.ts). */
const passkeyKeys = { all: ['passkeys'] as const };

const listPasskeys = () => apiClient.get('/api/auth/passkeys', PasskeyListSchema);

/** Asks the server for a challenge, lets the browser's authenticator make the passkey, then sends its answer. */
async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await apiClient.post('/api/auth/passkeys/registration-options', undefined, WebAuthnOptionsSchema);
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return apiClient.post('/api/auth/passkeys', { name, response }, PasskeySchema);
}

const removePasskey = (id: string) => apiClient.delete(`/api/auth/passkeys/${encodeURIComponent(id)}`, OkSchema);

export const usePasskeys = () => useQuery({ queryKey: passkeyKeys.all, queryFn: listPasskeys });

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
