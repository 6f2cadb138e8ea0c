import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

/**
 * The service's signing secret: a word every common wordlist holds (John the Ripper's password.lst, rockyou.txt), so
 * `hashcat -m 16500` cracks the sample token in seconds. Chosen per flag, so one deployment's secret is not another's.
 */
export const WEAK_SECRETS: readonly string[] = [
  'secret',
  'password',
  'letmein',
  'dragon',
  'monkey',
  'shadow',
  'master',
  'sunshine',
  'princess',
  'welcome',
  'freedom',
  'whatever',
];

export function pickSecret(flag: string): string {
  const digest = createHash('sha256').update(`jwt-token-forgery:${flag}`).digest();
  return WEAK_SECRETS[digest.readUInt32BE(0) % WEAK_SECRETS.length] ?? 'secret';
}

function encodeSegment(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function signHs256(headerAndPayload: string, secret: string): string {
  return createHmac('sha256', secret).update(headerAndPayload).digest('base64url');
}

/** The guest token the page hands out, signed with the weak secret. */
function issueSampleToken(flag: string): string {
  const unsigned = `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment({ username: 'guest', role: 'user', iat: 1709400000 })}`;
  return `${unsigned}.${signHs256(unsigned, pickSecret(flag))}`;
}

const BASE64URL_SEGMENT = /^[A-Za-z0-9_+/-]+={0,2}$/;

/** Decodes a JWT segment into an object, or returns undefined when it is not base64url JSON of an object. */
function decodeSegment(segment: string): Record<string, unknown> | undefined {
  if (!BASE64URL_SEGMENT.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isSignatureValid(headerAndPayload: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(signHs256(headerAndPayload, secret));
  const given = Buffer.from(signature.replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_'));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The service's verification, with the two classic flaws of hand-rolled JWT checks (docs/decisions/011-real-labs.md):
 * it trusts the header's `alg`, so `"alg": "none"` (any case) skips the signature; and HS256 is
 * checked with a secret from a wordlist. A token whose signature does not verify is refused.
 */
function verifyToken(token: string, flag: string): LabResult {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return { ok: false, code: 'invalid-format', output: {} };
  const [headerSegment = '', payloadSegment = '', signature = ''] = parts;
  const header = decodeSegment(headerSegment);
  const payload = decodeSegment(payloadSegment);
  if (!header || !payload) return { ok: false, code: 'parse-error', output: {} };
  const claims = JSON.stringify(payload);
  const alg = typeof header.alg === 'string' ? header.alg : '';
  const isUnsigned = alg.toLowerCase() === 'none';
  if (!isUnsigned) {
    if (alg !== 'HS256') return { ok: false, code: 'unsupported-algorithm', output: { payload: claims, alg } };
    if (!isSignatureValid(`${headerSegment}.${payloadSegment}`, signature, pickSecret(flag))) {
      return { ok: false, code: 'invalid-signature', output: { payload: claims } };
    }
  }
  return payload.role === 'admin' || payload.username === 'admin'
    ? { ok: true, code: 'access-granted', output: { payload: claims, flag } }
    : { ok: false, code: 'access-denied', output: { payload: claims } };
}

export const jwtTokenForgeryLab = createLabHandler('jwt-token-forgery', {
  sample: (_input, { flag }) => ({ ok: false, code: 'sample', output: { token: issueSampleToken(flag) } }),
  verify: (input, { flag }) => verifyToken(readInput(input, 'token'), flag),
});
