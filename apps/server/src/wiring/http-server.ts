import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import type { ErrorCode } from '@drapeau/shared';

import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { registerApiDocs } from '../http/api-docs.js';
import { registerCompression } from '../http/compression.js';
import { registerErrorHandler, registerNotFoundHandler } from '../http/error-handler.js';
import { ipRateLimitStore } from '../http/ip-rate-limit-store.js';
import { createMetrics } from '../http/metrics.js';
import { registerOriginCheck } from '../http/origin-check.js';
import { registerRequestIdHeader, registerRequestLog, requestIdGenerator } from '../http/request-id.js';
import { registerSecurityHeaders, securityHeadersFor } from '../http/security-headers.js';
import { limitConnections, serverTimeoutOptions } from '../http/server-limits.js';
import { createLoggerOptions, type LoggerOptions } from '../lib/logger.js';
import { connectRedis } from '../lib/redis.js';

/**
 * The HTTP server and the policies every route shares, part of the composition root
 * (docs/conventions.md#layers-and-dependency-rules): timeouts and connection bounds, request ids and logs, errors,
 * metrics, origin check, compression, security headers, per-address limits (on Redis when REDIS_URL is set), the
 * OpenAPI document.
 */
export async function createHttpServer(deps: { config: Config; database: Database; logger?: boolean | LoggerOptions }) {
  const { config, database, logger } = deps;
  const app = Fastify({
    logger: logger ?? createLoggerOptions(config.logLevel),
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
  // Off by default: the reverse proxy in front logs each request already (docs/operations.md "Logs").
  if (config.logRequests) registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('sessionUser', null);

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;

  registerErrorHandler(app);
  registerRequestIdHeader(app);
  const metrics = createMetrics();
  metrics.register(app, config.metricsToken);
  if (database.pool) metrics.observePool(database.pool);
  if (database.pglite && database.pendingOperations) metrics.observePglite(database.pglite, database.pendingOperations);
  registerOriginCheck(app, config.trustedOrigins);
  await registerCompression(app);
  await registerSecurityHeaders(app, securityHeadersFor(config.publicUrl));
  await app.register(rateLimit, { global: false, ...(redis ? { store: ipRateLimitStore(redis, 'drapeau:ip:') } : {}) });
  registerNotFoundHandler(app);
  await registerApiDocs(app);

  return { app, redis, metrics };
}
