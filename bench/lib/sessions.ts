import { createHash, createHmac } from 'node:crypto';

const SESSION_COOKIE = 'drapeau.session_token';

/** The session token of seeded user `i` (1-based); the seed SQL computes the same md5. */
export function sessionToken(i: number): string {
  return createHash('md5').update(`drapeau-bench-session-${i}`).digest('hex');
}

/** A `Cookie` header for a session token, signed the way better-auth (better-call) signs it: `token.base64(HMAC-SHA256)`. */
export function sessionCookie(token: string, sessionSecret: string): string {
  const signature = createHmac('sha256', sessionSecret).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

export function userId(i: number): string {
  return `bench-u${String(i).padStart(6, '0')}`;
}
