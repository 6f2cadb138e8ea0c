import type * as Crypto from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';

import { beforeEach, describe, expect, it, vi } from 'vitest';

import { checkFlag, constantTimeEquals } from './flag-check.js';
import { deriveFlag } from './flag-check.js';

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

// The library's constant-time primitive, spied on: a comparison with `===` answers the same, so only its use can be tested
// (nothing here measures time). This file runs in a module graph of its own (vitest.isolation.ts).
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  return { ...crypto, timingSafeEqual: vi.fn(crypto.timingSafeEqual) };
});

describe('constantTimeEquals', () => {
  beforeEach(() => {
    vi.mocked(timingSafeEqual).mockClear();
  });

  it('compares strings of different lengths without throwing', () => {
    expect(constantTimeEquals('a', 'abc')).toBe(false);
    expect(constantTimeEquals('abc', 'abc')).toBe(true);
  });

  it("decides through crypto.timingSafeEqual over two fixed-length digests, whatever the strings' lengths", () => {
    expect(constantTimeEquals('CTF{a}', 'CTF{a_much_longer_guess}')).toBe(false);
    expect(constantTimeEquals('CTF{a}', 'CTF{a}')).toBe(true);
    const calls = vi.mocked(timingSafeEqual).mock.calls;
    expect(calls).toHaveLength(2);
    for (const [a, b] of calls) {
      expect(Buffer.isBuffer(a) && Buffer.isBuffer(b)).toBe(true);
      expect([(a as Buffer).length, (b as Buffer).length]).toEqual([32, 32]);
    }
    // The answer is the primitive's: when it says no, equal strings are refused.
    vi.mocked(timingSafeEqual).mockReturnValueOnce(false);
    expect(constantTimeEquals('CTF{a}', 'CTF{a}')).toBe(false);
  });

  it('is what the exact and case-insensitive matchers decide with', () => {
    vi.mocked(timingSafeEqual).mockReturnValueOnce(false).mockReturnValueOnce(false);
    expect(checkFlag({ type: 'exact', value: 'CTF{abc}' }, 'CTF{abc}')).toBe(false);
    expect(checkFlag({ type: 'case-insensitive', value: 'CTF{abc}' }, 'ctf{ABC}')).toBe(false);
    expect(checkFlag({ type: 'exact', value: 'CTF{abc}' }, ' CTF{abc} ')).toBe(true);
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
