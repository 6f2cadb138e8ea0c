import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { WebAuthnOptions } from '@drapeau/shared';

import { apiClient } from '@/lib/api-client';
import { AuthResponseSchema } from '@/lib/first-load-schemas';
import { isString, lightSchema, objectOf } from '@/lib/light-schema';

import { startSession } from './session-cache';

const OptionsSchema = lightSchema<WebAuthnOptions>(objectOf({ challenge: isString }));

/**
 * A sign-in with a passkey (server: modules/auth/passkeys.routes.ts): a challenge from the server, the browser's
 * authenticator signs it, the server checks the signature. Without a password, or as the second step after one.
 * The WebAuthn helper is loaded only when a passkey is used.
 */
async function signInWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await apiClient.post('/api/auth/passkey/sign-in/options', undefined, OptionsSchema);
  const response = await startAuthentication({ optionsJSON: options });
  return apiClient.post('/api/auth/passkey/sign-in', { response }, AuthResponseSchema);
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
