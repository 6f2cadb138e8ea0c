import type { FastifyBaseLogger } from 'fastify';

import type { PlatformSettings } from '@drapeau/shared';
import type { PublicUser } from '@drapeau/shared';

import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createGuards } from '../http/auth-guards.js';
import type { Clock } from '../lib/clock.js';
import type { WorkGate } from '../lib/work-gate.js';
import type { LimiterFor } from '../http/rate-limits.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { createAccountService } from '../modules/auth/account.service.js';
import { createAuthMailHooks } from '../modules/auth/auth-mail.js';
import { followAuthEvents } from '../modules/auth/auth.handlers.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import { createBetterAuth } from '../modules/auth/better-auth.js';
import { createPasswordChecks } from '../modules/auth/password-checks.js';
import { createPasskeysService } from '../modules/auth/passkeys.service.js';
import { createSessionsRepository } from '../modules/auth/sessions.repository.js';
import { createSessionsService } from '../modules/auth/sessions.service.js';
import { deriveUsername } from '../modules/auth/sso-username.js';
import { createTwoFactorRepository } from '../modules/auth/two-factor.repository.js';
import { createTwoFactorService } from '../modules/auth/two-factor.service.js';
import { createUsernamePolicy } from '../modules/auth/username-policy.js';
import type { EventService } from '../modules/seasons/event.service.js';
import type { EventBus } from '../modules/events/event-bus.js';
import type { InstanceSecrets } from '../modules/secrets/instance-secrets.js';
import { createMailRepository } from '../modules/mail/mail.repository.js';
import { createMailer } from '../modules/mail/mailer.js';
import type { ScoringService } from '../modules/scoring/scoring.service.js';
import { createTokensRepository } from '../modules/tokens/tokens.repository.js';
import { createTokensService } from '../modules/tokens/tokens.service.js';
import type { UsersRepository } from '../modules/users/users.repository.js';

/** The session's user as they see themselves: their score from the ledger, as at the freeze during one. */
function ownViewOf(scoring: Pick<ScoringService, 'ownView'>, event: Pick<EventService, 'frozenAtFor'>) {
  return async (user: PublicUser): Promise<PublicUser> => ({
    ...user,
    ...(await scoring.ownView(user.uid, event.frozenAtFor({ isAdmin: user.rank === 'admin' }))),
  });
}

/**
 * Accounts, part of the composition root (docs/conventions.md#layers-and-dependency-rules): mail, better-auth and the
 * session memory, the guards, API tokens, two-factor and passkeys (docs/decisions/012-accounts.md).
 */
export function wireAccounts(deps: {
  config: Config;
  database: Database;
  secrets: InstanceSecrets;
  events: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  users: UsersRepository;
  limiterFor: LimiterFor;
  /** The admins' settings, read at each use (a memory read), so that a change applies at once on every instance. */
  settings: () => PlatformSettings;
  /** Tests pass their own, to hold it busy. */
  passwordChecks?: WorkGate | undefined;
  /** The signed-in user's score, as they see it during a freeze too (docs/product.md#freeze). */
  scoring?: Pick<ScoringService, 'ownView'>;
  event?: Pick<EventService, 'frozenAtFor'>;
}) {
  const { config, database, secrets, events, clock, log, users, limiterFor, settings } = deps;
  const isVerificationOn = () => settings().emailVerification !== 'off';
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    repository: createMailRepository(database.db),
    // The kind only: a mail holds a sign-in link, and an SMTP error may quote it.
    reportError: (error, kind) =>
      log.error({ kind, code: (error as { code?: unknown } | null)?.code }, 'an account mail could not be sent'),
  });
  const passwordChecks = deps.passwordChecks ?? createPasswordChecks();
  const betterAuth = createBetterAuth({
    db: database.db,
    secret: secrets.sessionSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger: log,
    oidc: config.oidc,
    usernameFor: (profile) => deriveUsername(profile, (name) => users.isUsernameTaken(name)),
    passwordChecks,
    mail: createAuthMailHooks({
      mailer,
      publicUrl: config.publicUrl,
      isVerificationOn,
    }),
  });
  const sessionsRepository = createSessionsRepository(database.db);
  const authService = createAuthService({
    auth: betterAuth,
    passwordChecks,
    users,
    sessions: sessionsRepository,
    // A sign-out on another instance reaches this one only through the expiry of this memory: short on PostgreSQL
    // (several instances possible). PGlite means one process, which sees every sign-out and user change; a minute
    // still bounds changes made outside the app (e.g. in SQL).
    sessionCacheTtlMs: database.kind === 'pglite' ? 60_000 : 10_000,
    now: () => clock.now().getTime(),
    onRegistered: () => events.publish('leaderboard', { reason: 'user-updated' }),
    publishSessionsRevoked: (userId) => events.deliver('sessions', { userId }),
    ...(deps.scoring && deps.event ? { ownView: ownViewOf(deps.scoring, deps.event) } : {}),
    isVerificationOn,
  });
  followAuthEvents(events, authService);
  const auditService = createAuditService({ repository: createAuditRepository(database.db) });
  const twoFactorRepository = createTwoFactorRepository(database.db);
  const twoFactorService = createTwoFactorService({
    auth: betterAuth,
    repository: twoFactorRepository,
    sessions: authService,
    audit: auditService,
    // A code stays valid about 90 s (the current step and one on each side): remembered for three minutes.
    usedCodes: limiterFor('totp-used'),
    attemptLimiter: limiterFor('two-factor'),
  });
  const tokensService = createTokensService({
    repository: createTokensRepository(database.db),
    audit: auditService,
    clock,
    createLimiter: limiterFor('api-token'),
    verifyTotpCode: (userId, code, headers) => twoFactorService.verifyCode(userId, code, headers),
  });
  const guards = createGuards(
    authService,
    {
      isEmailVerificationRequired: () => settings().emailVerification === 'required',
      isTwoFactorRequiredForAdmins: () => settings().requireTwoFactorForAdmins,
      hasPasskey: (userId) => twoFactorRepository.hasPasskey(userId),
    },
    (token) => tokensService.authenticate(token),
  );
  return {
    mailer,
    betterAuth,
    authService,
    auditService,
    tokensService,
    guards,
    accountService: createAccountService({ auth: betterAuth, sessions: authService }),
    twoFactorService,
    passkeysService: createPasskeysService({ auth: betterAuth, sessions: authService }),
    sessionsService: createSessionsService({
      auth: betterAuth,
      repository: sessionsRepository,
      revokeSessions: (userId) => authService.revokeSessions(userId),
    }),
    usernamePolicy: createUsernamePolicy(users),
  };
}
