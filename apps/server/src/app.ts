import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';

import type { Config } from './config.js';
import { type Database } from './db/client.js';
import { createGuards } from './http/auth-guards.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerWebApp } from './http/web-app.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createLoggerOptions, type LoggerOptions } from './lib/logger.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { bootstrapAdmin } from './modules/auth/admin-bootstrap.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createBetterAuth } from './modules/auth/better-auth.js';
import { createInstanceRepository } from './modules/instance/instance.repository.js';
import { loadInstanceSecrets } from './modules/instance/instance-secrets.js';
import { createSystemRepository } from './modules/system/system.repository.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createUsersRepository } from './modules/users/users.repository.js';

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

/** The composition root (STYLE.md §8): repositories → services → routes, wired here and nowhere else. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? createLoggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('sessionUser', null);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const limiterFor = (windowMs: number): RateLimiter =>
    redis ? createRedisRateLimiter(redis, windowMs) : createMemoryRateLimiter(windowMs, clock);

  registerErrorHandler(app);
  registerOriginCheck(app, config.trustedOrigins);
  await app.register(helmet, {
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

  // Repositories
  const instanceRepository = createInstanceRepository(database.db);
  const usersRepository = createUsersRepository(database.db);
  const systemRepository = createSystemRepository(database.db);

  // Services
  const secrets = await loadInstanceSecrets(instanceRepository, {
    instanceSecret: config.instanceSecret,
    sessionSecret: config.sessionSecret,
  });
  const betterAuth = createBetterAuth({
    db: database.db,
    secret: secrets.sessionSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger: app.log,
  });
  const authService = createAuthService({ auth: betterAuth, users: usersRepository });
  const guards = createGuards(authService);

  // Routes
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { repository: systemRepository });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth: authService,
        guards,
        accountLimiter: limiterFor(60_000),
        accountLimit: config.authAccountRateLimit,
        ipLimit: config.authIpRateLimit,
      });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  if (deps.webDistDir) await registerWebApp(app, deps.webDistDir);

  app.addHook('onReady', async () => {
    await bootstrapAdmin({
      auth: authService,
      users: usersRepository,
      configured: config.admin,
      logger: app.log,
      ...(deps.print ? { print: deps.print } : {}),
    });
  });
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  return app;
}
