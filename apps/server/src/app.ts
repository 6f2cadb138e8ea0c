import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import type { Config } from './config.js';
import { type Database, readMigrationStatus } from './db/client.js';
import { registerApiRoutes } from './api-routes.js';
import { registerControlSocket } from './http/control-socket.js';
import { resolveRateLimits, type LimiterFor } from './http/rate-limits.js';
import { registerWebApp } from './http/web-app.js';
import { type Clock, systemClock } from './lib/clock.js';
import type { LoggerOptions } from './lib/logger.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import type { WorkGate } from './lib/work-gate.js';
import { bootstrapAdmin, type CreatedAdmin } from './modules/auth/admin-bootstrap.js';
import { createSecretsRepository } from './modules/secrets/secrets.repository.js';
import { loadInstanceSecrets } from './modules/secrets/instance-secrets.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';
import { createMemoryEventBus, createPostgresEventBus, type EventBus } from './modules/events/event-bus.js';
import { createEventService } from './modules/seasons/event.service.js';
import { createScoringRepository } from './modules/scoring/scoring.repository.js';
import { createScoringService } from './modules/scoring/scoring.service.js';
import { createSystemRepository } from './modules/system/system.repository.js';
import { createReadiness } from './modules/system/readiness.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { wireAccounts } from './wiring/accounts.js';
import { wireAdmin } from './wiring/admin.js';
import { wireBadges } from './wiring/badges.js';
import { wireSubmissionStores } from './wiring/submissions.js';
import { wireCatalogue } from './wiring/catalogue.js';
import { wireClasses, wireTeams } from './wiring/groups.js';
import { wireProfiles } from './wiring/profiles.js';
import { createHttpServer } from './wiring/http-server.js';
import { wireOperations } from './wiring/operations.js';
import { wireSeasons } from './wiring/seasons.js';
import { wireStandings } from './wiring/standings.js';
import { wireSettings } from './wiring/settings.js';
import { wireWriteUps } from './wiring/write-ups.js';
import { hasInstanceProvider, wireInstances } from './wiring/instances.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Fastify's logger option; tests pass false. */
  logger?: boolean | LoggerOptions;
  /** Where the built web app is; omitted = API only. */
  webDistDir?: string;
  /** Told of the admin account created at first start, with its generated password (printed on stdout by default). */
  announceAdmin?: (account: CreatedAdmin) => void;
  /** The command-line tool's socket (on PGlite: DATA_DIR/drapeau.sock, http/control-socket.ts); omitted = none. */
  controlSocketPath?: string;
  /** Lab workers started at the first lab call instead of now: tests whose app runs no lab skip their start. */
  labWorkersOnDemand?: boolean;
  /** The turn of password hashes and checks (modules/auth/password-checks.ts); tests pass one they can hold busy. */
  passwordChecks?: WorkGate;
}

/**
 * The composition root (docs/conventions.md#layers-and-dependency-rules): repositories → services → routes, wired here and
 * nowhere else.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const { app, redis, metrics } = await createHttpServer({ config, database, logger: deps.logger });
  // Every limit's points and window come from the registry (http/rate-limits.ts).
  const limits = resolveRateLimits(config);
  const limiterFor: LimiterFor = (name) => createRateLimiter({ ...limits[name], redis, keyPrefix: `drapeau:rl:${name}`, clock });

  const events: EventBus = database.pool
    ? await createPostgresEventBus(database.pool, (error) => app.log.error({ err: error }, 'event bus error'))
    : createMemoryEventBus();

  // Repositories
  const secretsRepository = createSecretsRepository(database.db);
  const usersRepository = createUsersRepository(database.db);
  const systemRepository = createSystemRepository(database.db);
  const readiness = createReadiness({
    pingDatabase: () => systemRepository.ping(),
    countPendingMigrations: async () => (await readMigrationStatus(database.db)).pending,
    isEventBusListening: () => events.isListening(),
  });

  // Services
  // docs/product.md#events: the `event` setting, read at each use (a memory read).
  const eventService = createEventService({ settings: () => settingsService.get().event, clock });
  // docs/decisions/007-scoring.md: every score of every board, derived from the facts, kept current from the bus.
  const scoringService = createScoringService({
    repository: createScoringRepository(database.db),
    events,
    reportError: (error) => app.log.error({ err: error }, 'scoring ledger: a read of the facts failed, tried again'),
  });
  await scoringService.ready();
  const secrets = await loadInstanceSecrets(secretsRepository, {
    instanceSecret: config.instanceSecret,
    sessionSecret: config.sessionSecret,
  });
  readiness.markSecretsLoaded();
  const accounts = wireAccounts({
    config,
    database,
    secrets,
    events,
    clock,
    log: app.log,
    users: usersRepository,
    limiterFor,
    settings: () => settingsService.get(),
    passwordChecks: deps.passwordChecks,
    scoring: scoringService,
    event: eventService,
  });
  const catalogue = wireCatalogue({
    database,
    instanceSecret: secrets.instanceSecret,
    events,
    clock,
    users: usersRepository,
    filesDir: path.join(config.dataDir, 'files'),
    labLimiter: limiterFor('lab'),
    labs: { ...config.labs, onDemand: deps.labWorkersOnDemand ?? false },
    log: app.log,
    isTeamMode: () => settingsService.get().teams.enabled,
    canStartInstances: hasInstanceProvider(config.instances),
    // `instances` is wired below; an import calls this only once the app is built.
    services: { importService: (id, service, context) => instances.instancesService.importService(id, service, context) },
    scoring: scoringService,
  });
  const { authService, mailer } = accounts;
  const { challengesService } = catalogue;
  // The standings are wired after the teams: read at each use (a team's page shows the leaderboard's numbers).
  const leaderboard = () => leaderboardService;
  const settings = () => settingsService.get().teams;
  const teams = wireTeams({
    database,
    settings,
    limiterFor,
    challengesService,
    events,
    leaderboard,
    scoring: scoringService,
  });
  const { teamsService } = teams;
  const submissionsService = createSubmissionsService({
    ...wireSubmissionStores({ database, metrics, log: app.log }),
    event: eventService,
    challenges: challengesService,
    authoring: catalogue.authoringService,
    teams: teamsService,
    clock,
    wrongFlagLimiter: limiterFor('wrong-flag'),
    onWrongFlag: metrics.wrongFlag,
    scoring: scoringService,
    events,
    onSolved: metrics.solved,
  });
  metrics.countWaitingSolvesWith(submissionsService.countWaitingSolves);
  const profiles = wireProfiles({
    config,
    users: usersRepository,
    events,
    limiterFor,
    checkUsername: (username, exceptUserId) => accounts.usernamePolicy.check(username, exceptUserId),
    leaderboard: () => leaderboardService,
    scoring: scoringService,
    challenges: challengesService,
    isVerificationOn: () => settingsService.get().emailVerification !== 'off',
  });
  const settingsService = await wireSettings({
    database,
    events,
    log: app.log,
    assertTeamModeSwitchable: () => teamsService.assertTeamModeSwitchable(),
  });
  const standings = wireStandings({
    database,
    events,
    clock,
    settings: settingsService,
    event: eventService,
    challenges: challengesService,
    scoring: scoringService,
  });
  const { leaderboardService, scoreGraphService } = standings;
  const seasonsService = wireSeasons({
    database,
    clock,
    settings: settingsService,
    leaderboard,
    challenges: challengesService,
    teams: teamsService,
    log: app.log,
  });
  const admin = wireAdmin({
    database,
    events,
    clock,
    scoring: scoringService,
    avatars: profiles.avatarsService,
    revokeSessions: (userId) => authService.revokeSessions(userId),
    loadUser: (userId, actorId) => profiles.usersService.getUser(userId, { userId: actorId, role: 'admin' }),
    reportError: (error, message) => app.log.error({ err: error }, message),
  });
  const boards = { challenges: challengesService, leaderboard: leaderboardService, scoring: scoringService };
  const classesService = wireClasses({ database, clock, limiterFor, ...boards });
  const operations = await wireOperations({
    database,
    config,
    secrets,
    system: systemRepository,
    isEventMode: () => eventService.state().phase !== 'training',
  });
  const writeUpsService = wireWriteUps({ database, challenges: challengesService, event: eventService, clock, limiterFor });
  const instances = wireInstances({
    database,
    config: config.instances,
    instanceSecret: secrets.instanceSecret,
    challenges: challengesService,
    findTeamIdOf: (userId) => teamsService.findTeamIdOf(userId),
    clock,
    registry: metrics.registry,
    log: app.log,
    onServiceChanged: (challengeId) => {
      challengesService.reload();
      catalogue.onCatalogueChanged([challengeId]);
    },
    audit: (entry) => accounts.auditService.record(entry),
  });
  instances.followCatalogue(events);

  // Routes
  // Each wiring's services by name (api-routes.ts ApiRouteDeps), and the ones made here.
  await registerApiRoutes(app, {
    ...accounts,
    ...catalogue,
    ...teams,
    ...profiles,
    ...standings,
    ...admin,
    ...operations,
    readiness,
    limiterFor,
    config,
    submissionsService,
    badgesService: wireBadges(database.db),
    events,
    metrics,
    secrets,
    classesService,
    settingsService,
    eventService,
    seasonsService,
    writeUpsService,
    instancesService: instances.instancesService,
  });
  if (deps.webDistDir) await registerWebApp(app, deps.webDistDir, accounts.guards.requireUser);
  if (deps.controlSocketPath) {
    registerControlSocket(app, {
      socketPath: deps.controlSocketPath,
      createBackup: (file) => operations.backupService.createBackup(file),
    });
  }

  app.addHook('onReady', async () => {
    if (mailer.mode === 'outbox') {
      app.log.info('no SMTP_URL: account mails go to the outbox that admins read in the admin panel');
    }
    await catalogue.transferService.seedIfEmpty();
    await bootstrapAdmin({
      auth: authService,
      users: usersRepository,
      configured: config.admin,
      logger: app.log,
      ...(deps.announceAdmin ? { announce: deps.announceAdmin } : {}),
    });
    instances.startReaper();
    readiness.markStarted();
  });
  // Not ready from the first moment of shutdown, so that a load balancer stops sending requests here.
  app.addHook('preClose', (done) => {
    readiness.markClosing();
    done();
  });
  app.addHook('onClose', async () => {
    await catalogue.labPool.close();
    instances.stopReaper();
    leaderboardService.close();
    scoringService.close();
    scoreGraphService.close();
    await mailer.idle();
    mailer.close();
    settingsService.close();
    await events.close();
    redis?.disconnect();
  });
  return app;
}
