import type { FastifyInstance } from 'fastify';

import { forbidden } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF defence in depth beside SameSite=Lax cookies).
 * Browsers always send Origin on such requests; clients that send none (curl, tests) are not browsers and carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const allowed = new Set(trustedOrigins);
  // A callback hook, not an async one: no promise per request on the hot reads (docs/performance.md).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) return done(refused());
    if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') return done(refused());
    done();
  });
}

const refused = () => forbidden('ORIGIN_FORBIDDEN', 'This request comes from another site and was refused.');
