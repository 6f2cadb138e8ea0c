import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { COMMON_PASSWORDS } from '../data/common-passwords.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';
import { expectStringsFindNoFlag } from '../test-support/no-shortcut.js';

import { generateMd5HashList } from './md5-hash-list.js';

const file = generateMd5HashList({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
const text = file.data.toString('utf8');

/** A player's dictionary attack: md5 every word of the list. */
function crackMd5(hash: string): string | undefined {
  return COMMON_PASSWORDS.find((word) => createHash('md5').update(word).digest('hex') === hash);
}

function readUserHashes(content: string): Map<string, string> {
  return new Map(
    content
      .split('\n')
      .filter((line) => /^[a-z]+:[0-9a-f]{32}$/.test(line))
      .map((line) => line.split(':') as [string, string]),
  );
}

describe('generateMd5HashList', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateMd5HashList({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateMd5HashList({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file.fileName).toBe('hashes.txt');
  });

  it('lists seven user:md5 lines, admin included, without the flag in clear', () => {
    const hashes = readUserHashes(text);
    expect(hashes.size).toBe(7);
    expect(hashes.has('admin')).toBe(true);
    expect(text).not.toContain(SAMPLE_FLAG);
    expect(text).not.toContain('CTF{');
  });

  it('makes the admin hash and most others crackable with the common-password list, and two not', () => {
    const cracked = [...readUserHashes(text).entries()].map(([user, hash]) => [user, crackMd5(hash)] as const);
    expect(cracked.find(([user]) => user === 'admin')?.[1]).toBeDefined();
    expect(cracked.filter(([, password]) => password === undefined)).toHaveLength(2);
  });

  it.skipIf(!hasTool('openssl'))('decrypts the flag with the steps the header gives (sha256sum, base64, od, openssl)', () => {
    const password = crackMd5(readUserHashes(text).get('admin') ?? '') ?? '';
    const blob = /^flag\.enc \(AES-256-CBC, key = SHA-256\(password\), iv prepended, base64\): (\S+)$/m.exec(text)?.[1] ?? '';
    const script = text
      .split('\n')
      .filter((line) => line.startsWith('#      ') && !/hashcat|grep/.test(line))
      .map((line) => line.slice(7).replace('THE_PASSWORD', password).replace('THE_BLOB', blob))
      .join('\n');
    const result = withTempFiles({}, (dir) => runTool('bash', ['-euc', script], { cwd: dir }));
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(SAMPLE_FLAG);
  });

  it.skipIf(!hasTool('strings'))('gives nothing to strings -a | grep CTF, nor to strings -el', () => {
    expectStringsFindNoFlag('hashes.txt', file.data);
  });

  it.skipIf(!hasTool('john'))('draws every password from John the Ripper’s password.lst, which Debian’s john installs', () => {
    const words = new Set(runTool('cat', ['/usr/share/john/password.lst']).stdout.split('\n'));
    expect(COMMON_PASSWORDS.filter((word) => !words.has(word))).toEqual([]);
  });

  it.skipIf(!hasTool('hashcat') || !hasTool('john') || !hasTool('openssl'))(
    'gives the flag to the intended method: the header’s hashcat commands with password.lst, then its openssl steps',
    () => {
      const steps = text
        .split('\n')
        .filter((line) => line.startsWith('#      ') && /hashcat|grep/.test(line))
        .map((line) => line.slice(7));
      const cracked = withTempFiles({ 'hashes.txt': file.data }, (dir) => {
        const [extract = '', crack = '', show = ''] = steps;
        runTool('bash', ['-euc', extract], { cwd: dir });
        // A session of its own: two hashcat runs at once (the other test worker) would share the default one and refuse.
        const session = `--session=drapeau-md5-${process.pid}-${Date.now()}`;
        runTool('bash', ['-c', `${crack} ${session} --potfile-path=pot --quiet -o /dev/null`], { cwd: dir });
        return runTool('bash', ['-euc', `${show} --potfile-path=pot`], { cwd: dir }).stdout.trim();
      });
      const password = cracked.split(':').at(-1) ?? '';
      expect(crackMd5(readUserHashes(text).get('admin') ?? '')).toBe(password);
      const blob =
        /: (\S+)$/m.exec(
          text
            .split('\n')
            .filter((line) => line.startsWith('flag.enc'))
            .join(''),
        )?.[1] ?? '';
      const script = text
        .split('\n')
        .filter((line) => line.startsWith('#      ') && !/hashcat|grep/.test(line))
        .map((line) => line.slice(7).replace('THE_PASSWORD', password).replace('THE_BLOB', blob))
        .join('\n');
      expect(withTempFiles({}, (dir) => runTool('bash', ['-euc', script], { cwd: dir })).stdout).toBe(SAMPLE_FLAG);
    },
    600_000,
  );
});
