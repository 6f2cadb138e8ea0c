import { createHmac } from 'node:crypto';

import { createLabHandler, readInput, type LabResult } from '../lab-handler.js';

function encodeSegment(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function signSample(headerAndPayload: string): string {
  // A real-looking HS256 signature. The server below never checks it: that is the vulnerability.
  return createHmac('sha256', 'drapeau-lab-jwt-sample').update(headerAndPayload).digest('base64url');
}

const SAMPLE_UNSIGNED = `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment({
  username: 'guest',
  role: 'user',
  iat: 1709400000,
})}`;

/** The guest token the page hands out. */
export const SAMPLE_JWT = `${SAMPLE_UNSIGNED}.${signSample(SAMPLE_UNSIGNED)}`;

const BASE64URL_SEGMENT = /^[A-Za-z0-9_+/-]+={0,2}$/;

/** Decodes a JWT payload segment into an object, or returns undefined when it is not base64url JSON of an object. */
export function decodePayload(segment: string): Record<string, unknown> | undefined {
  if (!BASE64URL_SEGMENT.test(segment)) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * docs/product.md#in-page-labs: 3 dot-separated parts, else invalid-format; role admin or username admin wins; the signature
 * is ignored.
 */
function verifyToken(token: string, flag: string): LabResult {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return { ok: false, code: 'invalid-format', output: {} };
  const payload = decodePayload(parts[1] ?? '');
  if (!payload) return { ok: false, code: 'parse-error', output: {} };
  const claims = JSON.stringify(payload);
  return payload.role === 'admin' || payload.username === 'admin'
    ? { ok: true, code: 'access-granted', output: { payload: claims, flag } }
    : { ok: false, code: 'access-denied', output: { payload: claims } };
}

export const jwtTokenForgeryLab = createLabHandler('jwt-token-forgery', {
  sample: () => ({ ok: false, code: 'sample', output: { token: SAMPLE_JWT } }),
  verify: (input, { flag }) => verifyToken(readInput(input, 'token'), flag),
});
