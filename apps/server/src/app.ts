import path from 'node:path';

import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import type { EmailVerificationMode, ErrorCode } from '@drapeau/shared';

import type { Config } from './config.js';
import { type Database, readMigrationStatus } from './db/client.js';
import { createUnitOfWork } from './db/unit-of-work.js';
import { createGuards } from './http/auth-guards.js';
import { registerCompression } from './http/compression.js';
import { registerApiRoutes } from './api-routes.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler.js';
import { createMetrics } from './http/metrics.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRequestIdHeader, registerRequestLog, requestIdGenerator } from './http/request-id.js';
import { registerSecurityHeaders, securityHeadersFor } from './http/security-headers.js';
import { limitConnections, serverTimeoutOptions } from './http/server-limits.js';
import { registerWebApp } from './http/web-app.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createLoggerOptions, type LoggerOptions } from './lib/logger.js';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { connectRedis } from './lib/redis.js';
import { ipRateLimitStore } from './http/ip-rate-limit-store.js';
import { createAnnouncementsRepository } from './modules/announcements/announcements.repository.js';
import { createAnnouncementsService } from './modules/announcements/announcements.service.js';
import { createAdminRepository } from './modules/admin/admin.repository.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { createAdminSubmissionsRepository } from './modules/admin/admin-submissions.repository.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAccountService } from './modules/auth/account.service.js';
import { bootstrapAdmin } from './modules/auth/admin-bootstrap.js';
import { createAuthMailHooks } from './modules/auth/auth-mail.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createBetterAuth } from './modules/auth/better-auth.js';
import { createPasskeysService } from './modules/auth/passkeys.service.js';
import { deriveUsername } from './modules/auth/sso-username.js';
import { createUsernamePolicy } from './modules/auth/username-policy.js';
import { createTwoFactorRepository } from './modules/auth/two-factor.repository.js';
import { createTwoFactorService } from './modules/auth/two-factor.service.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createInstanceRepository } from './modules/instance/instance.repository.js';
import { loadInstanceSecrets } from './modules/instance/instance-secrets.js';
import { createBansRepository } from './modules/bans/bans.repository.js';
import { createBansService } from './modules/bans/bans.service.js';
import { createBadgesService } from './modules/badges/badges.service.js';
import { createChallengeFilesService } from './modules/challenge-files/challenge-files.service.js';
import { createAttachmentsService } from './modules/challenges/attachments.service.js';
import { createAuthoringService } from './modules/challenges/authoring.service.js';
import { createCatalogueRepository } from './modules/challenges/catalogue.repository.js';
import { createCatalogueTransferService } from './modules/challenges/catalogue-transfer.service.js';
import { createChallengesRepository } from './modules/challenges/challenges.repository.js';
import { createChallengesService } from './modules/challenges/challenges.service.js';
import { isListed } from './modules/challenges/challenge-views.js';
import { createLabsService } from './modules/labs/labs.service.js';
import { createSubmissionsRepository } from './modules/submissions/submissions.repository.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';
import { createMemoryEventBus, createPostgresEventBus, type EventBus, type ServerEvents } from './modules/events/event-bus.js';
import { createMailRepository } from './modules/mail/mail.repository.js';
import { createMailer } from './modules/mail/mailer.js';
import { createLeaderboardRepository } from './modules/leaderboard/leaderboard.repository.js';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createEventService } from './modules/event/event.service.js';
import { createSystemRepository } from './modules/system/system.repository.js';
import { createBackupRepository } from './modules/backup/backup.repository.js';
import { createBackupService } from './modules/backup/backup.service.js';
import { createReadiness } from './modules/system/readiness.js';
import { createAvatarsService } from './modules/users/avatars.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { createTokensRepository } from './modules/tokens/tokens.repository.js';
import { createTokensService } from './modules/tokens/tokens.service.js';

/** Per player (docs/decisions/010-abuse-limits.md): renames reach every live stream, and every avatar is decoded. */
const PROFILE_CHANGES_PER_10_MIN = 20;
const AVATAR_UPLOADS_PER_10_MIN = 5;
/** Per user: a script needs one token, a person a few. */
const API_TOKENS_CREATED_PER_HOUR = 10;
/** Per user, for the checks made with a session (enrol, confirm, disable); a sign-in has better-auth's own limits. */
const TWO_FACTOR_CHECKS_PER_10_MIN = 10;

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Fastify's logger option; tests pass false. */
  logger?: boolean | LoggerOptions;
  /** Where the built web app is; omitted = API only. */
  webDistDir?: string;
  /** Where the generated admin password is printed (stdout by default). */
  print?: (text: string) => void;
}

/**
 * The composition root (docs/conventions.md#layers-and-dependency-rules): repositories → services → routes, wired here and
 * nowhere else.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? createLoggerOptions(config.logLevel),
    // One line per request, when it is answered, instead of Fastify's two: logging was the largest cost of a hot read
    // (docs/performance.md). Through logController: the top-level option is deprecated (FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(),
    // A URL Fastify cannot decode (`/api/%zz`) answers in our error shape, like any other bad input.
    frameworkErrors: (_error, _request, reply) => {
      const error: ErrorCode = 'VALIDATION_FAILED';
      void (reply as FastifyReply).code(400).send({ error: { code: error, message: 'The URL is not valid.' } });
    },
    // The first start loads the built-in pack through the importer (onReady).
    pluginTimeout: 120_000,
  });
  limitConnections(app.server, config.maxConnections);
  registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('sessionUser', null);

  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  const limiterFor = (name: string, points: number, windowMs = 60_000): RateLimiter =>
    createRateLimiter({ points, windowMs, redis, keyPrefix: `drapeau:rl:${name}`, clock });

  registerErrorHandler(app);
  registerRequestIdHeader(app);
  const metrics = createMetrics();
  metrics.register(app, config.metricsToken);
  if (database.pool) metrics.observePool(database.pool);
  registerOriginCheck(app, config.trustedOrigins);
  await registerCompression(app);
  await registerSecurityHeaders(app, securityHeadersFor(config.publicUrl));
  await app.register(rateLimit, { global: false, ...(redis ? { store: ipRateLimitStore(redis, 'drapeau:ip:') } : {}) });
  registerNotFoundHandler(app);
  await registerApiDocs(app);

  const events: EventBus = database.pool
    ? await createPostgresEventBus(database.pool, (error) => app.log.error({ err: error }, 'event bus error'))
    : createMemoryEventBus();

  // Repositories
  const instanceRepository = createInstanceRepository(database.db);
  const usersRepository = createUsersRepository(database.db);
  const systemRepository = createSystemRepository(database.db);
  const readiness = createReadiness({
    pingDatabase: () => systemRepository.ping(),
    countPendingMigrations: async () => (await readMigrationStatus(database.db)).pending,
    isEventBusListening: () => events.isListening(),
  });

  // Services
  const secrets = await loadInstanceSecrets(instanceRepository, {
    instanceSecret: config.instanceSecret,
    sessionSecret: config.sessionSecret,
  });
  readiness.markSecretsLoaded();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    repository: createMailRepository(database.db),
    // The kind only: a mail holds a sign-in link, and an SMTP error may quote it.
    reportError: (error, kind) =>
      app.log.error({ kind, code: (error as { code?: unknown } | null)?.code }, 'an account mail could not be sent'),
  });
  // The admins' settings are read at each use (a memory read), so that a change applies at once on every instance.
  const accountPolicy = {
    emailVerification: (): EmailVerificationMode => settingsService.get().emailVerification,
  };
  const betterAuth = createBetterAuth({
    db: database.db,
    secret: secrets.sessionSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger: app.log,
    oidc: config.oidc,
    usernameFor: (profile) => deriveUsername(profile, (name) => usersRepository.isUsernameTaken(name)),
    mail: createAuthMailHooks({
      mailer,
      publicUrl: config.publicUrl,
      isVerificationOn: () => accountPolicy.emailVerification() !== 'off',
    }),
  });
  const authService = createAuthService({
    auth: betterAuth,
    users: usersRepository,
    sessions: createSessionsRepository(database.db),
    // A sign-out on another instance reaches this one only through the expiry of this memory: short on PostgreSQL
    // (several instances possible). PGlite means one process, which sees every sign-out and user change; a minute
    // still bounds changes made outside the app (e.g. in SQL).
    sessionCacheTtlMs: database.kind === 'pglite' ? 60_000 : 10_000,
    onRegistered: () => events.publish('leaderboard', { reason: 'user-updated' }),
    publishSessionsRevoked: (userId) => events.deliver('sessions', { userId }),
  });
  // Revoked sessions (role, ban, deletion, password or address change): revokeSessions() forgets them on this instance
  // before the change is answered, the `sessions` event on the others (docs/decisions/012-accounts.md).
  events.subscribe((message) => {
    if (message.type === 'sessions') authService.forgetUserSessions((message.data as { userId: string }).userId);
    if (message.type === 'resync') authService.forgetSessions();
  });
  const auditService = createAuditService({ repository: createAuditRepository(database.db) });
  const tokensService = createTokensService({
    repository: createTokensRepository(database.db),
    audit: auditService,
    clock,
    createLimiter: limiterFor('api-token', API_TOKENS_CREATED_PER_HOUR, 60 * 60_000),
  });
  const guards = createGuards(
    authService,
    {
      isEmailVerificationRequired: () => accountPolicy.emailVerification() === 'required',
      isTwoFactorRequiredForAdmins: () => settingsService.get().requireTwoFactorForAdmins,
    },
    (token) => tokensService.authenticate(token),
  );
  const accountService = createAccountService({ auth: betterAuth, sessions: authService });
  const twoFactorService = createTwoFactorService({
    auth: betterAuth,
    repository: createTwoFactorRepository(database.db),
    sessions: authService,
    audit: auditService,
    // A code stays valid about 90 s (the current step and one on each side): remembered for three minutes.
    usedCodes: limiterFor('totp-used', 1, 3 * 60_000),
    attemptLimiter: limiterFor('two-factor', TWO_FACTOR_CHECKS_PER_10_MIN, 10 * 60_000),
  });
  const passkeysService = createPasskeysService({ auth: betterAuth, sessions: authService });
  const usernamePolicy = createUsernamePolicy(usersRepository);
  const catalogueRepository = createCatalogueRepository(database.db);
  const challengesService = createChallengesService({
    repository: catalogueRepository,
    instanceSecret: secrets.instanceSecret,
    clock,
    onScoresChanged: () => events.publish('leaderboard', { reason: 'catalogue' }),
  });
  // Another instance's solve, or an admin's change: the in-memory catalogue follows (docs/performance.md).
  events.subscribe((message) => {
    if (message.type === 'solve') {
      const data = message.data as ServerEvents['solve'];
      challengesService.noteSolve(data.userId, data.challengeId);
    } else if (message.type === 'challenges') challengesService.reload();
    else if (message.type === 'leaderboard' && (message.data as ServerEvents['leaderboard']).reason.startsWith('user'))
      challengesService.forgetPlayer();
  });
  const onCatalogueChanged = (challengeIds: string[]) => {
    events.publish('challenges', { challengeIds });
    events.publish('leaderboard', { reason: 'catalogue' });
  };
  const authoringService = createAuthoringService({
    repository: catalogueRepository,
    challenges: challengesService,
    instanceSecret: secrets.instanceSecret,
    onCatalogueChanged,
    listUserIds: () => usersRepository.listUserIds(),
  });
  const transferService = createCatalogueTransferService({
    repository: catalogueRepository,
    badgesRepository: createChallengesRepository(database.db),
    challenges: challengesService,
    onCatalogueChanged,
  });
  const attachmentsService = createAttachmentsService({
    repository: catalogueRepository,
    challenges: challengesService,
    onCatalogueChanged,
  });
  const badgesService = createBadgesService({ db: database.db });
  // docs/product.md#events: the `event` setting, read at each use (a memory read).
  const eventService = createEventService({ settings: () => settingsService.get().event, clock });
  const submissionsService = createSubmissionsService({
    repository: createSubmissionsRepository(database.db),
    event: eventService,
    challenges: challengesService,
    badges: badgesService,
    clock,
    findPerUserOwner: async (challengeId, flag) => {
      const challenge = await challengesService.findChallenge(challengeId);
      return challenge ? authoringService.findPerUserOwner(challenge, flag) : undefined;
    },
    onIncident: (incident) => events.publish('incident', incident),
    wrongFlagLimiter: limiterFor('wrong-flag', config.submissionRateLimit),
    onWrongFlag: metrics.wrongFlag,
    onSolve: (event) => {
      metrics.solved();
      events.publish('solve', event);
      events.publish('leaderboard', { reason: 'solve' });
    },
  });
  const avatarsService = createAvatarsService({ dir: path.join(config.dataDir, 'files', 'avatars') });
  const usersService = createUsersService({
    repository: usersRepository,
    avatars: avatarsService,
    events,
    profileLimiter: limiterFor('profile', PROFILE_CHANGES_PER_10_MIN, 10 * 60_000),
    avatarLimiter: limiterFor('avatar', AVATAR_UPLOADS_PER_10_MIN, 10 * 60_000),
    checkUsername: (username, exceptUserId) => usernamePolicy.check(username, exceptUserId),
  });
  const settingsService = createSettingsService({
    db: database.db,
    events,
    auditIn: (executor) => createAuditService({ repository: createAuditRepository(executor) }),
    // Browsers refetch the standings when admins are shown or hidden.
    onUpdated: (changed, settings) => {
      if (changed.includes('hideAdminsFromLeaderboard')) events.publish('leaderboard', { reason: 'settings' });
      // Open pages refetch the event's phase and times, and the challenge list (docs/product.md#events).
      if (changed.includes('event')) events.publish('event', settings.event);
    },
  });
  await settingsService.load();
  // Settings changed while this instance could not hear the others are read again.
  events.subscribe((message) => {
    if (message.type !== 'resync') return;
    settingsService.load().catch((error: unknown) => app.log.error({ err: error }, 'settings could not be read again'));
  });
  const leaderboardService = createLeaderboardService({
    repository: createLeaderboardRepository(database.db),
    events,
    settings: settingsService,
    listFeedTasks: async () => {
      // Before an event starts, the feed names no challenge (docs/product.md#events).
      if (eventService.state().phase === 'before') return [];
      const now = clock.now();
      return (await challengesService.listAllChallenges())
        .filter((challenge) => isListed(challenge, now))
        .map((challenge) => ({ id: challenge.id, name: challenge.title.en }));
    },
    feedScope: () => `${eventService.state().phase}`,
  });
  const adminService = createAdminService({
    repository: createAdminRepository(database.db),
    submissions: createAdminSubmissionsRepository(database.db),
    // One transaction per admin change: the change, its audit entries and its badge awards commit together.
    transaction: createUnitOfWork(database.db, (tx) => ({
      users: createAdminRepository(tx),
      audit: createAuditService({ repository: createAuditRepository(tx) }),
      awardEarnedBadges: (userId: string) => badgesService.awardEarnedBadges(tx, userId),
    })),
    events,
    avatars: avatarsService,
    revokeSessions: (userId) => authService.revokeSessions(userId),
    reportError: (error, message) => app.log.error({ err: error }, message),
  });
  const announcementsService = createAnnouncementsService({
    repository: createAnnouncementsRepository(database.db),
    transaction: createUnitOfWork(database.db, (tx) => ({
      announcements: createAnnouncementsRepository(tx),
      audit: createAuditService({ repository: createAuditRepository(tx) }),
    })),
    onChange: (event) => events.publish('announcement', event),
  });
  const bansService = createBansService({
    repository: createBansRepository(database.db),
    auditIn: (executor) => createAuditService({ repository: createAuditRepository(executor) }),
    clock,
    revokeSessions: (userId) => authService.revokeSessions(userId),
    loadUser: (userId, actorId) => usersService.getUser(userId, { userId: actorId, role: 'admin' }),
  });
  const challengeFilesService = createChallengeFilesService({
    challenges: challengesService,
    filesDir: path.join(config.dataDir, 'files'),
    instanceSecret: secrets.instanceSecret,
  });
  const migrationStatus = await readMigrationStatus(database.db);
  const backupService = createBackupService({
    repository: createBackupRepository(database.db),
    source: database.kind,
    dataDir: config.dataDir,
    secrets,
    schema: { migrations: migrationStatus.expected, latestAt: migrationStatus.latestAt },
  });
  const labsService = createLabsService({
    challenges: challengesService,
    limiter: limiterFor('lab', config.labRateLimit),
  });

  // Routes
  await registerApiRoutes(app, {
    systemRepository,
    readiness,
    authService,
    guards,
    limiterFor,
    config,
    usernamePolicy,
    accountService,
    twoFactorService,
    passkeysService,
    betterAuth,
    challengesService,
    submissionsService,
    labsService,
    usersService,
    leaderboardService,
    badgesService,
    events,
    metrics,
    challengeFilesService,
    authoringService,
    transferService,
    secrets,
    attachmentsService,
    adminService,
    auditService,
    bansService,
    announcementsService,
    tokensService,
    mailer,
    backupService,
    settingsService,
    eventService,
  });
  if (deps.webDistDir) await registerWebApp(app, deps.webDistDir);

  app.addHook('onReady', async () => {
    if (mailer.mode === 'outbox') {
      app.log.info('no SMTP_URL: account mails go to the outbox that admins read in the admin panel');
    }
    await transferService.seedIfEmpty();
    await bootstrapAdmin({
      auth: authService,
      users: usersRepository,
      configured: config.admin,
      logger: app.log,
      ...(deps.print ? { print: deps.print } : {}),
    });
    readiness.markStarted();
  });
  // Not ready from the first moment of shutdown, so that a load balancer stops sending requests here.
  app.addHook('preClose', (done) => {
    readiness.markClosing();
    done();
  });
  app.addHook('onClose', async () => {
    leaderboardService.close();
    await mailer.idle();
    mailer.close();
    settingsService.close();
    await events.close();
    redis?.disconnect();
  });
  return app;
}
