import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { FastifyInstance } from 'fastify';

/** What a proxy's correlation id may look like: short, and nothing that could forge a log field or a header. */
const CORRELATION_ID = /^[\w.:@-]{1,128}$/;
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Each request's id, on every log line of it and in its `X-Request-Id` answer (docs/operations.md "Logs"). Behind a
 * trusted proxy (TRUST_PROXY), the proxy's `X-Request-Id` is kept so that its logs and ours correlate; otherwise a
 * client could choose ids, so a fresh UUID is made.
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const fromProxy = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
    return typeof fromProxy === 'string' && CORRELATION_ID.test(fromProxy) ? fromProxy : randomUUID();
  };
}

export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/** One log line per answered request (instead of Fastify's two). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // For operators (docs/operations.md "Logs"): the request id (reqId), the route pattern, the status and the time.
    request.log.info(
      { req: request, res: reply, route: request.routeOptions.url ?? null, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
