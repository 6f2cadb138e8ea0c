import { createHmac, timingSafeEqual } from 'node:crypto';

/** better-auth's cookie prefix: the session is in `drapeau.session_token` (`__Secure-drapeau.session_token` over HTTPS). */
export const SESSION_COOKIE_PREFIX = 'drapeau';

/**
 * The value of cookie `name` in a Cookie header, read exactly as better-auth (better-call's parseCookies) reads it: the
 * first occurrence wins, the value is trimmed, unquoted and URL-decoded.
 */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  let index = 0;
  while (index < cookieHeader.length) {
    const eqIdx = cookieHeader.indexOf('=', index);
    if (eqIdx === -1) return undefined;
    let endIdx = cookieHeader.indexOf(';', index);
    if (endIdx === -1) endIdx = cookieHeader.length;
    else if (endIdx < eqIdx) {
      index = cookieHeader.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    if (cookieHeader.slice(index, eqIdx).trim() === name) {
      let value = cookieHeader.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = endIdx + 1;
  }
  return undefined;
}

/**
 * The session token of a signed cookie value `token.base64(HMAC-SHA256(secret, token))` (better-call's signCookieValue),
 * or undefined when the signature is missing or wrong. Constant-time comparison.
 */
export function verifySignedValue(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest('base64');
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? token : undefined;
}
