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

/**
 * One log line per answered request (instead of Fastify's two), for operators who set LOG_REQUESTS (docs/operations.md
 * "Logs"; off by default, the proxy in front logs requests): the request
 * id (reqId), the method, path without its query string and address (the `req` serializer of lib/logger.ts), the status,
 * the route pattern and the time.
 *
 * Written by a child of the app's logger without its redaction: every field of this line is one of the above, and none
 * has a name that redaction censors (its paths name cookies, authorization headers, passwords, flags, tokens and
 * secrets), so the line is the one the redacting logger would write, for half the CPU (docs/performance.md). Any other
 * line, and any field added here, goes through the app's logger (request-log.test.ts checks this line's fields).
 */
export function registerRequestLog(app: FastifyInstance): void {
  const requestLine = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    requestLine.info(
      { reqId: request.id, req: request, res: reply, route: request.routeOptions.url ?? null, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
