import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth, twoFactor, username } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';

import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@drapeau/shared';

import type { Db } from '../../db/client.js';
import { CLIENT_ADDRESS_HEADER } from '../../http/web-headers.js';
import type { WorkGate } from '../../lib/work-gate.js';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../../db/schema/index.js';

import type { AuthMailHooks } from './auth-mail.js';
import { secondStep } from './second-step.js';
import { SESSION_COOKIE_PREFIX } from './session-cookie.js';

export interface BetterAuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  trustedOrigins: readonly string[];
  logger: FastifyBaseLogger;
  mail: AuthMailHooks;
  /** Single sign-on (docs/decisions/012-accounts.md#single-sign-on); absent when not configured. */
  oidc?: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** A free username for an account made by single sign-on. */
  usernameFor?: (profile: Record<string, unknown>) => Promise<string>;
  /**
   * Every password hash and check (sign-in, sign-up, change, reset) waits its turn here: a few at once, and a refusal
   * (AUTH_BUSY) rather than a queue longer than a person waits (docs/decisions/010-abuse-limits.md "Password checks").
   */
  passwordChecks?: WorkGate | undefined;
}

/** The OpenID Connect provider: discovery from the issuer, PKCE, and accounts linked by verified address only. */
function oidcPlugins(options: BetterAuthOptions) {
  const { oidc, usernameFor } = options;
  if (!oidc || !usernameFor) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: 'oidc',
          discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
          requireIdTokenVerification: true,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          redirectURI: `${options.publicUrl}/api/auth/sso/callback`,
          mapProfileToUser: async (profile) => {
            const username = await usernameFor(profile);
            return { name: username, username, displayUsername: username };
          },
        },
      ],
    }),
  ];
}

const DAY_SECONDS = 24 * 60 * 60;
/** How long the second step of a sign-in waits for its code or passkey. */
const SECOND_STEP_SECONDS = 600;

/**
 * better-auth inside our server (docs/decisions/003-auth.md). Only its server API is used: our own routes call it, so every
 * auth route has our zod schemas, error codes and rate limits, and none of its other endpoints is reachable.
 */
export function createBetterAuth(options: BetterAuthOptions) {
  const checks = options.passwordChecks;
  return betterAuth({
    appName: 'Drapeau',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [...options.trustedOrigins],
    telemetry: { enabled: false },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Reset links: single use (better-auth consumes the token), valid for an hour, and every session of the account ends.
      sendResetPassword: options.mail.sendResetPassword,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // better-auth's own scrypt (libuv's thread pool), in turn.
      ...(checks
        ? {
            password: {
              hash: (password: string) => checks.run(() => hashPassword(password)),
              verify: (data: { hash: string; password: string }) => checks.run(() => verifyPassword(data)),
            },
          }
        : {}),
    },
    emailVerification: {
      sendVerificationEmail: options.mail.sendVerificationEmail,
      // Sent at sign-up unless the admins turned verification off (the hook then sends nothing).
      sendOnSignUp: true,
      expiresIn: 60 * 60,
    },
    // A new address is confirmed on the new address before it replaces the old one.
    user: { changeEmail: { enabled: true } },
    // Single sign-on joins an existing account only when the provider says the address is verified (no trusted
    // providers): an unverified address at the provider must not take over a local account.
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    session: {
      // Sliding expiry: a session used at least once a day lives on; one left alone for a week ends.
      expiresIn: 7 * DAY_SECONDS,
      updateAge: DAY_SECONDS,
      // Adding a passkey needs a session signed in less than a day ago (else REAUTHENTICATION_REQUIRED).
      freshAge: DAY_SECONDS,
    },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: options.publicUrl.startsWith('https://'),
      cookiePrefix: SESSION_COOKIE_PREFIX,
      // A session's address (shown on /account) is the one Fastify decided, honouring TRUST_PROXY, never a forwarding
      // header the client wrote (docs/decisions/012-accounts.md, "The account's sessions"): our routes set this header from
      // `request.ip` (http/web-headers.ts). Whole IPv6 addresses: the default /64 suits rate limits, not a list.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 128 },
    },
    logger: {
      log: (level, message) => {
        // Messages only: better-auth's extra arguments may hold request bodies.
        if (level === 'error') options.logger.error({ source: 'better-auth' }, message);
        else if (level === 'warn') options.logger.warn({ source: 'better-auth' }, message);
      },
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: (value) => /^[A-Za-z0-9._-]+$/.test(value),
      }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      // TOTP and ten single-use backup codes (docs/decisions/012-accounts.md#two-factor). A sign-in of an account with a
      // second factor ends in a short-lived `two_factor` cookie instead of a session; five wrong codes end that sign-in,
      // ten in a row lock the second factor for 15 minutes.
      twoFactor({
        issuer: 'Drapeau',
        backupCodeOptions: { amount: 10 },
        twoFactorCookieMaxAge: SECOND_STEP_SECONDS,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
      }),
      // Passkeys (docs/decisions/012-accounts.md#passkeys): the relying party is PUBLIC_URL's host, and only its origin is
      // accepted. Each challenge is single-use (kept five minutes, bound to a signed cookie). A sign-in needs the user
      // verified by the authenticator (PIN, biometrics): possession and that check make it two factors.
      passkey({
        rpID: new URL(options.publicUrl).hostname,
        rpName: 'Drapeau',
        origin: new URL(options.publicUrl).origin,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        advanced: { webAuthnChallengeCookie: 'passkey-challenge' },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) {
              throw new APIError('UNAUTHORIZED', { code: 'USER_NOT_VERIFIED', message: 'User verification is required.' });
            }
            return Promise.resolve();
          },
        },
      }),
      ...oidcPlugins(options),
      // After the two-factor plugin: the second step after single sign-on, and for accounts whose second factor is a
      // passkey (docs/decisions/012-accounts.md#two-factor).
      secondStep({ twoFactorCookieMaxAge: SECOND_STEP_SECONDS }),
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
