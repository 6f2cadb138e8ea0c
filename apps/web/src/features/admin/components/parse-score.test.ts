import { describe, expect, it } from 'vitest';

import { parseScore } from './parse-score';

describe('parseScore', () => {
  it('reads whole numbers, negative ones included', () => {
    expect(parseScore('120')).toBe(120);
    expect(parseScore(' -15 ')).toBe(-15);
  });

  it('keeps the integer part, as parseInt does', () => {
    expect(parseScore('42.9')).toBe(42);
    expect(parseScore('12abc')).toBe(12);
  });

  it('falls back to 0 when the text is not a number', () => {
    expect(parseScore('abc')).toBe(0);
    expect(parseScore('')).toBe(0);
  });
});
