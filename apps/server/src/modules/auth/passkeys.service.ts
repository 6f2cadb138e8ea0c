import { APIError } from 'better-auth/api';

import type {
  Passkey,
  PasskeySignInBody,
  PublicUser,
  RegisterPasskeyBody,
  RenamePasskeyBody,
  WebAuthnOptions,
} from '@drapeau/shared';

import { AppError } from '../../lib/app-error.js';

import type { AuthOutcome, AuthService } from './auth.service.js';
import type { BetterAuth } from './better-auth.js';

type Operation = 'register' | 'sign-in' | 'manage';

const notFound = () => new AppError('PASSKEY_NOT_FOUND', 404, 'This passkey does not exist.');

/** better-auth's passkey answers → ours. A failed sign-in says no more than that: not which check failed. */
function translate(error: unknown, operation: Operation): unknown {
  if (!(error instanceof APIError)) return error;
  const code = (error.body as { code?: string } | undefined)?.code ?? '';
  if (code === 'SESSION_NOT_FRESH') {
    return new AppError('REAUTHENTICATION_REQUIRED', 403, 'Sign in again before adding a passkey.');
  }
  if (code === 'BANNED_USER') return new AppError('USER_BANNED', 403, 'This account is suspended.');
  if (operation === 'manage') return notFound();
  if (operation === 'sign-in') return new AppError('PASSKEY_FAILED', 401, 'This passkey could not sign you in.');
  return new AppError('PASSKEY_FAILED', 400, 'This passkey could not be added: try again.');
}

async function call<T>(operation: Operation, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translate(error, operation);
  }
}

interface StoredPasskey {
  id: string;
  name?: string | null;
  createdAt?: Date | string | null;
  deviceType: string;
  backedUp: boolean;
}

function toPasskey(row: StoredPasskey): Passkey {
  const createdAt = row.createdAt ? new Date(row.createdAt) : new Date(0);
  return {
    id: row.id,
    name: row.name ?? '',
    createdAt: createdAt.toISOString(),
    deviceType: row.deviceType,
    backedUp: row.backedUp,
  };
}

function toOptions(response: unknown): WebAuthnOptions {
  return response as WebAuthnOptions;
}

/**
 * Passkeys through better-auth's passkey plugin (docs/decisions/012-accounts.md#passkeys): its endpoints are called from
 * our routes, with the request's headers (session cookie, challenge cookie, origin), and answer with our shapes and codes.
 */
export function createPasskeysService(deps: { auth: BetterAuth; sessions: Pick<AuthService, 'loadUser'> }) {
  const { auth } = deps;

  async function list(headers: Headers): Promise<Passkey[]> {
    const rows = await call('manage', () => auth.api.listPasskeys({ headers }));
    return (rows as StoredPasskey[]).map(toPasskey);
  }

  return {
    list,

    /** Options for a new passkey of the signed-in user (a session less than a day old). */
    async registrationOptions(headers: Headers): Promise<AuthOutcome<WebAuthnOptions>> {
      const { headers: out, response } = await call('register', () =>
        auth.api.generatePasskeyRegistrationOptions({ headers, returnHeaders: true }),
      );
      return { value: toOptions(response), setCookies: out.getSetCookie() };
    },

    async register(body: RegisterPasskeyBody, headers: Headers): Promise<Passkey> {
      const created = await call('register', () =>
        auth.api.verifyPasskeyRegistration({ body: { response: body.response, name: body.name }, headers }),
      );
      return toPasskey(created);
    },

    async rename(passkeyId: string, body: RenamePasskeyBody, headers: Headers): Promise<Passkey> {
      const { passkey } = await call('manage', () =>
        auth.api.updatePasskey({ body: { id: passkeyId, name: body.name }, headers }),
      );
      return toPasskey(passkey);
    },

    async remove(passkeyId: string, headers: Headers): Promise<void> {
      await call('manage', () => auth.api.deletePasskey({ body: { id: passkeyId }, headers }));
    },

    /** Options for a passwordless sign-in (or the second step of one): any passkey of this site may answer. */
    async signInOptions(headers: Headers): Promise<AuthOutcome<WebAuthnOptions>> {
      const { headers: out, response } = await call('sign-in', () =>
        auth.api.generatePasskeyAuthenticationOptions({ headers, returnHeaders: true }),
      );
      return { value: toOptions(response), setCookies: out.getSetCookie() };
    },

    /** A session for the passkey's owner, once its signature over the single-use challenge checks out. */
    async signIn(body: PasskeySignInBody, headers: Headers): Promise<AuthOutcome<PublicUser>> {
      const { headers: out, response } = await call('sign-in', () =>
        auth.api.verifyPasskeyAuthentication({ body: { response: body.response }, headers, returnHeaders: true }),
      );
      return { value: await deps.sessions.loadUser(response.user.id), setCookies: out.getSetCookie() };
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
