import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The headers of @fastify/helmet, computed once at start instead of on every request (the plugin builds helmet's
 * middleware, CSP parsing included, per request: about 8% of the CPU of a leaderboard read, docs/performance.md).
 * The options give constant headers (no CSP nonces), so they are read once from a throwaway instance that runs the
 * plugin, then set on every response's raw object, as helmet does, hijacked responses (SSE) included.
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
  const headers = Object.entries(secured).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && plain[entry[0]] === undefined,
  );
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  app.addHook('onRequest', (request, reply, done) => {
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
