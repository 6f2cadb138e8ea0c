import { describe, expect, it } from 'vitest';

import { checkFlag, constantTimeEquals } from './flag-check.js';
import { deriveFlag } from './flags.js';

describe('checkFlag (exact)', () => {
  const spec = { type: 'exact' as const, value: 'CTF{abc_123}' };

  it('accepts the flag, with surrounding spaces trimmed', () => {
    expect(checkFlag(spec, 'CTF{abc_123}')).toBe(true);
    expect(checkFlag(spec, '  CTF{abc_123}\n')).toBe(true);
  });

  it('refuses near misses: case, prefix, inner spaces, empty', () => {
    for (const attempt of ['ctf{abc_123}', 'CTF{abc_12}', 'CTF{abc_1234}', 'CTF{abc _123}', '', 'CTF{abc_123}}']) {
      expect(checkFlag(spec, attempt)).toBe(false);
    }
  });
});

describe('constantTimeEquals', () => {
  it('compares strings of different lengths without throwing', () => {
    expect(constantTimeEquals('a', 'abc')).toBe(false);
    expect(constantTimeEquals('abc', 'abc')).toBe(true);
  });
});

describe('deriveFlag', () => {
  it('gives a readable CTF{...} flag, stable for one secret and different for another', () => {
    const flag = deriveFlag('secret-one-0123456789', 'sql-injection-extraction');
    expect(flag).toMatch(/^CTF\{sql_injection_[0-9a-f]{24}\}$/);
    expect(deriveFlag('secret-one-0123456789', 'sql-injection-extraction')).toBe(flag);
    expect(deriveFlag('secret-two-0123456789', 'sql-injection-extraction')).not.toBe(flag);
    expect(deriveFlag('secret-one-0123456789', 'xor-encryption')).not.toBe(flag);
  });
});
