import { describe, expect, it } from 'vitest';

import { AC_CHROMINANCE, AC_LUMINANCE, DC_CHROMINANCE, DC_LUMINANCE, ZIGZAG, type HuffmanSpec } from './jpeg-tables.js';

function checkKraft(spec: HuffmanSpec): number {
  return spec.counts.reduce((sum, count, i) => sum + count / 2 ** (i + 1), 0);
}

describe('jpeg tables', () => {
  it('gives each AC table the 162 baseline symbols exactly once: EOB, ZRL and every (run, size)', () => {
    const expected = [0x00, 0xf0];
    for (let run = 0; run < 16; run += 1) for (let size = 1; size <= 10; size += 1) expected.push((run << 4) | size);
    for (const spec of [AC_LUMINANCE, AC_CHROMINANCE]) {
      expect(spec.counts.reduce((a, b) => a + b, 0)).toBe(162);
      expect([...spec.symbols].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    }
  });

  it('keeps every Huffman table a valid prefix code that never uses the all-ones code', () => {
    for (const spec of [DC_LUMINANCE, DC_CHROMINANCE, AC_LUMINANCE, AC_CHROMINANCE]) {
      expect(spec.counts.reduce((a, b) => a + b, 0)).toBe(spec.symbols.length);
      expect(checkKraft(spec)).toBeLessThan(1);
    }
  });

  it('orders coefficients in the standard zig-zag', () => {
    expect(ZIGZAG.slice(0, 10)).toEqual([0, 1, 8, 16, 9, 2, 3, 10, 17, 24]);
    expect(ZIGZAG.slice(-6)).toEqual([61, 54, 47, 55, 62, 63]);
    expect(new Set(ZIGZAG).size).toBe(64);
  });
});
