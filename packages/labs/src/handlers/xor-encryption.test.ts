import { describe, expect, it } from 'vitest';

import { expectNoFlag, runLab, TEST_FLAG } from '../lab-test-helpers.js';

import { xorEncryptionLab, xorToHex } from './xor-encryption.js';

function decrypt(hex: string, key: string): string {
  const bytes = Buffer.from(hex, 'hex').map((byte, index) => byte ^ key.charCodeAt(index % key.length));
  return Buffer.from(bytes).toString('utf8');
}

describe('xor-encryption lab', () => {
  it('hands out the flag XORed with the repeating key CTF, as hex, with the key', () => {
    const result = runLab(xorEncryptionLab, 'ciphertext');
    expect(result).toMatchObject({ ok: true, code: 'ciphertext', output: { key: 'CTF' } });
    expect(result.output.ciphertext).toMatch(/^[0-9a-f]+$/);
    expect(decrypt(result.output.ciphertext ?? '', 'CTF')).toBe(TEST_FLAG);
  });

  it('never shows the flag in clear', () => {
    expect(JSON.stringify(runLab(xorEncryptionLab, 'ciphertext'))).not.toContain(TEST_FLAG);
  });

  it('XORs byte by byte with the key repeated', () => {
    expect(xorToHex('CTFCTF', 'CTF')).toBe('000000000000');
    expect(xorToHex('A', 'CTF')).toBe('02');
  });

  it('answers unknown-action to anything else, and does not check flags itself', () => {
    const result = runLab(xorEncryptionLab, 'check', { flag: TEST_FLAG });
    expect(result.code).toBe('unknown-action');
    expectNoFlag(result);
  });
});
