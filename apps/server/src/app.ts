import path from 'node:path';

import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';

import type { Config } from './config.js';
import { type Database, readMigrationStatus } from './db/client.js';
import { createGuards } from './http/auth-guards.js';
import { registerErrorHandler } from './http/error-handler.js';
import { createMetrics } from './http/metrics.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRequestIdHeader, requestIdGenerator } from './http/request-id.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createLoggerOptions, type LoggerOptions } from './lib/logger.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { createAuditService } from './modules/admin/audit.service.js';
import { bootstrapAdmin } from './modules/auth/admin-bootstrap.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createBetterAuth } from './modules/auth/better-auth.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createInstanceRepository } from './modules/instance/instance.repository.js';
import { loadInstanceSecrets } from './modules/instance/instance-secrets.js';
import { badgesRoutes } from './modules/badges/badges.routes.js';
import { createBadgesService } from './modules/badges/badges.service.js';
import { challengeFilesRoutes } from './modules/challenge-files/challenge-files.routes.js';
import { createChallengeFilesService } from './modules/challenge-files/challenge-files.service.js';
import { challengesAdminRoutes } from './modules/challenges/challenges.admin-routes.js';
import { createChallengesRepository } from './modules/challenges/challenges.repository.js';
import { challengesRoutes } from './modules/challenges/challenges.routes.js';
import { createChallengesService } from './modules/challenges/challenges.service.js';
import { labsRoutes } from './modules/labs/labs.routes.js';
import { createLabsService } from './modules/labs/labs.service.js';
import { createSubmissionsRepository } from './modules/submissions/submissions.repository.js';
import { submissionsRoutes } from './modules/submissions/submissions.routes.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';
import {
  createMemoryEventBus,
  createPostgresEventBus,
  type EventBus,
  type ServerEventMessage,
} from './modules/events/event-bus.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createLeaderboardRepository } from './modules/leaderboard/leaderboard.repository.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSystemRepository } from './modules/system/system.repository.js';
import { backupAdminRoutes } from './modules/backup/backup.admin-routes.js';
import { createBackupRepository } from './modules/backup/backup.repository.js';
import { createBackupService } from './modules/backup/backup.service.js';
import { createReadiness } from './modules/system/readiness.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createAvatarsService } from './modules/users/avatars.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';

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
    // (docs/performance.md).
    disableRequestLogging: true,
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  });
  app.addHook('onResponse', (request, reply, done) => {
    // For operators (docs/operations.md "Logs"): the request id (reqId), the route pattern, the status and the time.
    request.log.info(
      { req: request, res: reply, route: request.routeOptions.url ?? null, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('sessionUser', null);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const limiterFor = (windowMs: number): RateLimiter =>
    redis ? createRedisRateLimiter(redis, windowMs) : createMemoryRateLimiter(windowMs, clock);

  registerErrorHandler(app);
  registerRequestIdHeader(app);
  const metrics = createMetrics();
  metrics.register(app, config.metricsToken);
  if (database.pool) metrics.observePool(database.pool);
  registerOriginCheck(app, config.trustedOrigins);
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'drapeau:ip:' } : {}) });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Drapeau API', version: '0.1.0', description: 'Capture-the-flag training platform' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'drapeau.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });

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
  });

  // Services
  const secrets = await loadInstanceSecrets(instanceRepository, {
    instanceSecret: config.instanceSecret,
    sessionSecret: config.sessionSecret,
  });
  readiness.markSecretsLoaded();
  const betterAuth = createBetterAuth({
    db: database.db,
    secret: secrets.sessionSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger: app.log,
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
  });
  // A user change (role, ban, deletion) ends the remembered sessions at once: on this instance before the change is
  // answered (PostgreSQL's notifications arrive a little later), on the others when its notification arrives.
  const isUserChange = (message: ServerEventMessage) =>
    message.type === 'leaderboard' &&
    'reason' in message.data &&
    message.data.reason !== 'solve' &&
    message.data.reason !== 'settings';
  events.subscribe((message) => {
    if (isUserChange(message)) authService.forgetSessions();
  });
  const publishEvent = events.publish;
  events.publish = (type, data) => {
    if (isUserChange({ type, data })) authService.forgetSessions();
    publishEvent(type, data);
  };
  const guards = createGuards(authService);
  const challengesService = createChallengesService({
    repository: createChallengesRepository(database.db),
    instanceSecret: secrets.instanceSecret,
  });
  const badgesService = createBadgesService({ db: database.db });
  const submissionsService = createSubmissionsService({
    repository: createSubmissionsRepository(database.db),
    challenges: challengesService,
    badges: badgesService,
    wrongFlagLimiter: limiterFor(60_000),
    wrongFlagLimit: config.submissionRateLimit,
    onWrongFlag: metrics.wrongFlag,
    onSolve: (event) => {
      metrics.solved();
      events.publish('solve', event);
      events.publish('leaderboard', { reason: 'solve' });
    },
  });
  const avatarsService = createAvatarsService({ dir: path.join(config.dataDir, 'files', 'avatars') });
  const usersService = createUsersService({ repository: usersRepository, avatars: avatarsService, events });
  const auditService = createAuditService({ db: database.db });
  const settingsService = createSettingsService({
    db: database.db,
    events,
    audit: auditService,
    // Browsers refetch the standings when admins are shown or hidden.
    onUpdated: (changed) => {
      if (changed.includes('hideAdminsFromLeaderboard')) events.publish('leaderboard', { reason: 'settings' });
    },
  });
  await settingsService.load();
  const leaderboardService = createLeaderboardService({ repository: createLeaderboardRepository(database.db), events });
  const adminService = createAdminService({
    db: database.db,
    badges: badgesService,
    events,
    avatars: avatarsService,
    audit: auditService,
    reportError: (error, message) => app.log.error({ err: error }, message),
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
    limiter: limiterFor(60_000),
    limit: config.labRateLimit,
  });

  // Routes
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { repository: systemRepository, readiness });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth: authService,
        guards,
        accountLimiter: limiterFor(60_000),
        accountLimit: config.authAccountRateLimit,
        ipLimit: config.authIpRateLimit,
      });
      await api.register(challengesRoutes, { prefix: '/challenges', challenges: challengesService, guards });
      await api.register(submissionsRoutes, { prefix: '/challenges', submissions: submissionsService, guards });
      await api.register(labsRoutes, { prefix: '/challenges', labs: labsService, guards });
      await api.register(usersRoutes, { prefix: '/users', users: usersService, guards });
      await api.register(leaderboardRoutes, { prefix: '/leaderboard', leaderboard: leaderboardService, guards });
      await api.register(badgesRoutes, { prefix: '/badges', badges: badgesService, guards });
      await api.register(eventsRoutes, { prefix: '/events', events, guards, onClientCount: metrics.setLiveClients });
      await api.register(challengeFilesRoutes, { prefix: '/challenges', files: challengeFilesService, guards });
      await api.register(challengesAdminRoutes, { prefix: '/admin', challenges: challengesService, audit: auditService, guards });
      await api.register(adminRoutes, { prefix: '/admin', admin: adminService, audit: auditService, guards });
      await api.register(backupAdminRoutes, { prefix: '/admin', backup: backupService, audit: auditService, guards });
      await api.register(settingsRoutes, { prefix: '/admin', settings: settingsService, guards });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  if (deps.webDistDir) await registerWebApp(app, deps.webDistDir);

  app.addHook('onReady', async () => {
    await challengesService.seedIfEmpty();
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
    settingsService.close();
    await events.close();
    redis?.disconnect();
  });
  return app;
}
