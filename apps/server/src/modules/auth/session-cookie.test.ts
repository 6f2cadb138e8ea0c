import { randomBytes } from 'node:crypto';

import { parseCookies, serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';

import { readCookie, verifySignedValue } from './session-cookie.js';

// A contract test of the session fast path (docs/decisions/003-auth.md): the cookie is signed by better-call,
// the library better-auth sets it with, and read by our copy. If the library changes how it signs or parses, these fail.

const NAME = 'drapeau.session_token';
const SECRET = 'a-session-secret-of-at-least-32-chars';

/** Tokens as better-auth makes them (32 URL-safe characters), and awkward ones. */
const tokens = [
  ...Array.from({ length: 50 }, () => randomBytes(24).toString('base64url')),
  'with.dots.inside',
  'plus+slash/equals=',
  'spaces and ;semicolons',
  'é-unicode-✓',
];

describe('the session cookie as better-auth signs it', () => {
  it('gives back the token better-call signed, read as better-call reads it', async () => {
    for (const token of tokens) {
      const setCookie = await serializeSignedCookie(NAME, token, SECRET, { path: '/', httpOnly: true });
      const cookieHeader = `other=1; ${setCookie.split(';')[0]!}; ${NAME}=second`;
      const ours = readCookie(cookieHeader, NAME);
      expect(ours).toBe(parseCookies(cookieHeader).get(NAME));
      expect(verifySignedValue(ours!, SECRET)).toBe(token);
    }
  });

  it('refuses the same cookie under another secret, with its signature altered, or unsigned', async () => {
    for (const token of tokens.slice(0, 10)) {
      const value = readCookie((await serializeSignedCookie(NAME, token, SECRET)).split(';')[0]!, NAME)!;
      expect(verifySignedValue(value, 'another-secret-of-at-least-32-chars')).toBeUndefined();
      const signature = value.slice(value.lastIndexOf('.') + 1);
      const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      expect(verifySignedValue(`${token}.${flipped}`, SECRET)).toBeUndefined();
      expect(verifySignedValue(token, SECRET)).toBeUndefined();
    }
  });
});
