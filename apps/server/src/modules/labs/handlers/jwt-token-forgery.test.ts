import { describe, expect, it } from 'vitest';

import { expectFlag, expectNoFlag, runLab } from '../lab-test-helpers.js';

import { jwtTokenForgeryLab, SAMPLE_JWT } from './jwt-token-forgery.js';

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

const [HEADER = '', , SIGNATURE = ''] = SAMPLE_JWT.split('.');

describe('jwt-token-forgery lab', () => {
  it('hands out an HS256 guest token with role user', () => {
    const result = runLab(jwtTokenForgeryLab, 'sample');
    expect(result.output.token).toBe(SAMPLE_JWT);
    const [header = '', payload = ''] = SAMPLE_JWT.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ username: 'guest', role: 'user' });
    expectNoFlag(result);
  });

  it('denies the unmodified sample token', () => {
    const result = runLab(jwtTokenForgeryLab, 'verify', { token: SAMPLE_JWT });
    expect(result.code).toBe('access-denied');
    expectNoFlag(result);
  });

  it.each([
    { username: 'guest', role: 'admin' },
    { username: 'admin', role: 'user' },
  ])('accepts a forged payload %j, whatever the signature', (claims) => {
    const result = runLab(jwtTokenForgeryLab, 'verify', { token: `${HEADER}.${encode(claims)}.${SIGNATURE}` });
    expect(result.code).toBe('access-granted');
    expectFlag(result);
  });

  it('accepts a token with an empty signature and padded base64', () => {
    const payload = Buffer.from(JSON.stringify({ role: 'admin' })).toString('base64');
    expect(runLab(jwtTokenForgeryLab, 'verify', { token: `${HEADER}.${payload}.` }).ok).toBe(true);
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d'])('reports %j as an invalid format', (token) => {
    const result = runLab(jwtTokenForgeryLab, 'verify', { token });
    expect(result.code).toBe('invalid-format');
    expectNoFlag(result);
  });

  it.each([`${HEADER}.not-json.${SIGNATURE}`, `${HEADER}.%%%.x`, `${HEADER}..x`, `${HEADER}.${encode('admin')}.x`])(
    'reports a payload that does not decode (%j) as a parse error',
    (token) => {
      const result = runLab(jwtTokenForgeryLab, 'verify', { token });
      expect(result.code).toBe('parse-error');
      expectNoFlag(result);
    },
  );

  it('answers unknown-action to anything else', () => {
    expect(runLab(jwtTokenForgeryLab, 'sign').code).toBe('unknown-action');
  });
});
