import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Ok, Passkey, PasskeyList, WebAuthnOptions } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

/** The signed-in user's passkeys (server: modules/auth/passkeys.routes.ts). */
const passkeyKeys = { all: ['passkeys'] as const };

const listPasskeys = () => apiClient.get<PasskeyList>('/api/auth/passkeys');

/** Asks the server for a challenge, lets the browser's authenticator make the passkey, then sends its answer. */
async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await apiClient.post<WebAuthnOptions>('/api/auth/passkeys/registration-options', undefined);
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return apiClient.post<Passkey>('/api/auth/passkeys', { name, response });
}

const removePasskey = (id: string) => apiClient.delete<Ok>(`/api/auth/passkeys/${encodeURIComponent(id)}`);

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
