import type * as SimpleWebAuthn from '@simplewebauthn/server';

/**
 * What @better-auth/passkey imports from @simplewebauthn/server, loaded on the first passkey ceremony instead of at
 * start: the library and its certificate parsers are about a tenth of the server's cold start (docs/performance.md
 * "Cold start"). The build points the plugin's import here (tsup.config.ts); the four functions are asynchronous in the
 * library too, so the plugin sees no difference. In development and tests the plugin imports the library itself.
 */
type WebAuthn = typeof SimpleWebAuthn;

let library: Promise<WebAuthn> | undefined;
const load = (): Promise<WebAuthn> => (library ??= import('@simplewebauthn/server'));

export const generateRegistrationOptions: WebAuthn['generateRegistrationOptions'] = async (options) =>
  (await load()).generateRegistrationOptions(options);
export const verifyRegistrationResponse: WebAuthn['verifyRegistrationResponse'] = async (options) =>
  (await load()).verifyRegistrationResponse(options);
export const generateAuthenticationOptions: WebAuthn['generateAuthenticationOptions'] = async (options) =>
  (await load()).generateAuthenticationOptions(options);
export const verifyAuthenticationResponse: WebAuthn['verifyAuthenticationResponse'] = async (options) =>
  (await load()).verifyAuthenticationResponse(options);
