import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Security headers on every response, computed once at start (docs/architecture.md#security):
 *
 * - pages, the web app's files and anything outside `/api/`: the headers of @fastify/helmet with the app's policy below,
 *   read once from a throwaway instance that runs the plugin (the plugin itself rebuilds them, CSP parsing included, on
 *   every request), plus a Permissions-Policy;
 * - answers under `/api/` (JSON, event streams, downloads): the set OWASP's REST Security Cheat Sheet gives for APIs, a
 *   half as many headers (they were a fifth of the CPU of a leaderboard read, docs/performance.md): a CSP that allows
 *   nothing and no framing, nosniff, DENY, same-origin resources only, no referrer, HSTS over https, and `no-store`,
 *   since answers about the signed-in user must not be kept by a shared cache or the back-forward cache. A route that
 *   may be cached, or that serves a page of its own (a lab's frame), sets its own `cache-control` or CSP, which wins.
 *
 * Set on the raw response at the request's start, as helmet does, so that hijacked responses (SSE) carry them too.
 */
/** The app uses none of these browser features; an embedded page or injected script gets none either. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

const API_PREFIX = '/api/';

export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  if (options.enableCSPNonces) throw new Error('security headers with CSP nonces are not constant');
  const headersOf = async (withHelmet: boolean): Promise<Record<string, unknown>> => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    const response = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return response.headers;
  };
  const plain = await headersOf(false);
  const secured = await headersOf(true);
  const pageHeaders = Object.entries(secured).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && plain[entry[0]] === undefined,
  );
  pageHeaders.push(['permissions-policy', PERMISSIONS_POLICY]);
  const hsts = pageHeaders.find(([name]) => name === 'strict-transport-security');
  const apiHeaders: [string, string][] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ['cache-control', 'no-store'],
    ...(hsts ? [hsts] : []),
  ];
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith(API_PREFIX) ? apiHeaders : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The app's policy: scripts, styles and data from its own origin only; never framed; HSTS and upgrades over https. */
export function securityHeadersFor(publicUrl: string): FastifyHelmetOptions {
  return {
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
        fontSrc: ["'self'"],
        upgradeInsecureRequests: publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: publicUrl.startsWith('https://'),
    // Agrees with frame-ancestors 'none' (helmet's default is SAMEORIGIN).
    xFrameOptions: { action: 'deny' },
  };
}
