import { describe, expect, it } from 'vitest';

// The players' tools, as the file generators' tests run them (the generators stay in the server for now, issue 34).
import { hasTool, runTool, withTempFiles } from '../../../../apps/server/src/modules/challenge-files/test-support/run-tool.js';
import { expectFlag, expectNoFlag, runLab, TEST_FLAG } from '../lab-test-helpers.js';

import { jwtTokenForgeryLab, pickSecret, signHs256, WEAK_SECRETS } from './jwt-token-forgery.js';

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

const SAMPLE = runLab(jwtTokenForgeryLab, 'sample').output.token ?? '';
const [HEADER = '', PAYLOAD = '', SIGNATURE = ''] = SAMPLE.split('.');
const SECRET = pickSecret(TEST_FLAG);
const HS256 = encode({ alg: 'HS256', typ: 'JWT' });

function signed(claims: object, secret = SECRET, header = HS256): string {
  const unsigned = `${header}.${encode(claims)}`;
  return `${unsigned}.${signHs256(unsigned, secret)}`;
}

function verify(token: string) {
  return runLab(jwtTokenForgeryLab, 'verify', { token });
}

describe('jwt-token-forgery lab', () => {
  it('hands out an HS256 guest token with role user, signed with the weak secret', () => {
    const result = runLab(jwtTokenForgeryLab, 'sample');
    expect(JSON.parse(Buffer.from(HEADER, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(PAYLOAD, 'base64url').toString())).toMatchObject({ username: 'guest', role: 'user' });
    expect(SIGNATURE).toBe(signHs256(`${HEADER}.${PAYLOAD}`, SECRET));
    expect(WEAK_SECRETS).toContain(SECRET);
    expectNoFlag(result);
  });

  it('denies the unmodified sample token: valid, but a guest', () => {
    const result = verify(SAMPLE);
    expect(result.code).toBe('access-denied');
    expectNoFlag(result);
  });

  describe('real forgeries succeed', () => {
    it.each([
      ['alg none, empty signature', `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ username: 'guest', role: 'admin' })}.`],
      ['alg None (case variant)', `${encode({ alg: 'None' })}.${encode({ role: 'admin' })}.`],
      ['alg NONE with the old signature left on', `${encode({ alg: 'NONE' })}.${encode({ username: 'admin' })}.${SIGNATURE}`],
      ['HS256 re-signed with the cracked secret', signed({ username: 'guest', role: 'admin', iat: 1709400000 })],
      ['HS256, username admin, cracked secret', signed({ username: 'admin', role: 'user' })],
    ])('%s', (_name, token) => {
      const result = verify(token);
      expect(result.code).toBe('access-granted');
      expectFlag(result);
    });

    it('accepts padded base64 in the none token', () => {
      const token = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64')}.${Buffer.from(JSON.stringify({ role: 'admin' })).toString('base64')}.`;
      expect(verify(token).ok).toBe(true);
    });
  });

  describe('near-misses fail', () => {
    it.each([
      ['payload edited, guest signature kept', `${HEADER}.${encode({ username: 'guest', role: 'admin' })}.${SIGNATURE}`],
      ['payload edited, signature removed', `${HEADER}.${encode({ role: 'admin' })}.`],
      ['signed with a secret that is not the server’s', signed({ role: 'admin' }, 'not-the-secret')],
      [
        'signature of another payload',
        `${HS256}.${encode({ role: 'admin' })}.${signHs256(`${HS256}.${encode({ role: 'user' })}`, SECRET)}`,
      ],
    ])('%s: invalid signature', (_name, token) => {
      const result = verify(token);
      expect(result.code).toBe('invalid-signature');
      expectNoFlag(result);
    });

    it.each([
      ['HS512 with the right secret', `${encode({ alg: 'HS512' })}.${encode({ role: 'admin' })}.${SIGNATURE}`],
      ['RS256', `${encode({ alg: 'RS256' })}.${encode({ role: 'admin' })}.${SIGNATURE}`],
      ['no alg at all', `${encode({ typ: 'JWT' })}.${encode({ role: 'admin' })}.`],
    ])('%s: unsupported algorithm', (_name, token) => {
      const result = verify(token);
      expect(result.code).toBe('unsupported-algorithm');
      expectNoFlag(result);
    });

    it('a correctly signed token that says role user is denied', () => {
      const result = verify(signed({ username: 'bob', role: 'user' }));
      expect(result.code).toBe('access-denied');
      expectNoFlag(result);
    });
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d'])('reports %j as an invalid format', (token) => {
    const result = verify(token);
    expect(result.code).toBe('invalid-format');
    expectNoFlag(result);
  });

  it.each([
    `${HEADER}.not-json.${SIGNATURE}`,
    `${HEADER}.%%%.x`,
    `${HEADER}..x`,
    `${HEADER}.${encode('admin')}.x`,
    `x.${PAYLOAD}.x`,
  ])('reports a segment that does not decode (%j) as a parse error', (token) => {
    const result = verify(token);
    expect(result.code).toBe('parse-error');
    expectNoFlag(result);
  });

  it('answers unknown-action to anything else', () => {
    expect(runLab(jwtTokenForgeryLab, 'sign').code).toBe('unknown-action');
  });

  it.skipIf(!hasTool('john'))('uses secrets that John the Ripper’s password.lst (Debian: john) holds', () => {
    const words = new Set(runTool('cat', ['/usr/share/john/password.lst']).stdout.split('\n'));
    expect(WEAK_SECRETS.filter((word) => !words.has(word))).toEqual([]);
  });

  it.skipIf(!hasTool('hashcat') || !hasTool('john'))(
    'signs the sample token with a secret hashcat -m 16500 cracks from password.lst',
    () => {
      withTempFiles({ 'token.txt': `${SAMPLE}\n` }, (dir) => {
        const cracked = runTool(
          'hashcat',
          [
            '-m',
            '16500',
            '-a',
            '0',
            '--potfile-disable',
            // A session of its own: another hashcat run at once (the other test worker) would share the default one.
            `--session=drapeau-jwt-${process.pid}-${Date.now()}`,
            '--quiet',
            '--outfile-format',
            '2',
            'token.txt',
            '/usr/share/john/password.lst',
          ],
          { cwd: dir },
        );
        expect(cracked.stdout.trim().split('\n').at(-1)).toBe(SECRET);
      });
    },
    600_000,
  );
});
