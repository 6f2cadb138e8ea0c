import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { WebAuthnOptions, AuthResponse } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';

import { startSession } from './session-cache';

/**
 * A sign-in with a passkey (server: modules/auth/passkeys.routes.ts): a challenge from the server, the browser's
 * authenticator signs it, the server checks the signature. Without a password, or as the second step after one.
 * The WebAuthn helper is loaded only when a passkey is used.
 */
async function signInWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await apiClient.post<WebAuthnOptions>('/api/auth/passkey/sign-in/options', undefined);
  const response = await startAuthentication({ optionsJSON: options });
  return apiClient.post<AuthResponse>('/api/auth/passkey/sign-in', { response });
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
