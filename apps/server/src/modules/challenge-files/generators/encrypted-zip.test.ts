import { describe, expect, it } from 'vitest';

import { COMMON_PASSWORDS } from '../data/common-passwords.js';
import { hasTool, OTHER_FLAG, runTool, SAMPLE_FLAG, SAMPLE_SEED, withTempFiles } from '../test-support/run-tool.js';

import { generateEncryptedZip, pickZipPassword } from './encrypted-zip.js';

const file = generateEncryptedZip({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED });
const password = pickZipPassword(SAMPLE_SEED);
const WORDLIST = `${COMMON_PASSWORDS.join('\n')}\n`;

describe('generateEncryptedZip', () => {
  it('is deterministic and depends on the flag', () => {
    expect(generateEncryptedZip({ flag: SAMPLE_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(true);
    expect(generateEncryptedZip({ flag: OTHER_FLAG, seed: SAMPLE_SEED }).data.equals(file.data)).toBe(false);
    expect(file).toMatchObject({ fileName: 'secret.zip', contentType: 'application/zip' });
  });

  it('picks the password from the common list by seed and never stores the flag in clear', () => {
    expect(COMMON_PASSWORDS).toContain(password);
    const passwords = new Set(Array.from({ length: 40 }, (_, i) => pickZipPassword(Buffer.from(`seed-${i}`))));
    expect(passwords.size).toBeGreaterThan(20);
    expect(file.data.includes('CTF{')).toBe(false);
    expect(file.data.includes(password)).toBe(false);
  });

  it.skipIf(!hasTool('unzip'))('extracts the flag with unzip -P <password> and refuses a wrong password', () => {
    withTempFiles({ 'secret.zip': file.data }, (dir) => {
      const listing = runTool('zipinfo', ['-v', `${dir}/secret.zip`]).stdout;
      expect(listing.match(/file security status:\s+encrypted/g)).toHaveLength(2);
      expect(runTool('unzip', ['-t', '-P', password, `${dir}/secret.zip`]).stdout).toContain('No errors detected');
      const flag = runTool('unzip', ['-p', '-P', password, `${dir}/secret.zip`, 'flag.txt']);
      expect(flag.status).toBe(0);
      expect(flag.stdout).toBe(`${SAMPLE_FLAG}\n`);
      const wrong = runTool('unzip', ['-p', '-P', `${password}-nope`, `${dir}/secret.zip`, 'flag.txt']);
      expect(wrong.status).not.toBe(0);
      expect(wrong.stdout).not.toContain(SAMPLE_FLAG);
    });
  });

  it.skipIf(!hasTool('7z'))('opens with 7-Zip given the password', () => {
    withTempFiles({ 'secret.zip': file.data }, (dir) => {
      const ok = runTool('7z', ['x', `-p${password}`, '-so', `${dir}/secret.zip`, 'flag.txt']);
      expect(ok.stdout).toBe(`${SAMPLE_FLAG}\n`);
      expect(runTool('7z', ['t', '-pwrong-password', `${dir}/secret.zip`]).status).not.toBe(0);
    });
  });

  it.skipIf(!hasTool('fcrackzip'))('is cracked by fcrackzip with a dictionary attack', () => {
    withTempFiles({ 'secret.zip': file.data, 'words.txt': WORDLIST }, (dir) => {
      // fcrackzip truncates long paths, so it runs inside the directory.
      const result = runTool('fcrackzip', ['-u', '-D', '-p', 'words.txt', 'secret.zip'], { cwd: dir });
      expect(result.stdout).toContain(`PASSWORD FOUND!!!!: pw == ${password}`);
    });
  });
});
