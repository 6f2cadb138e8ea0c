import { describe, expect, it } from 'vitest';

import { formatNumber, numberFormat } from './format-number';

describe('formatNumber', () => {
  it('formats in the language asked for, whichever was asked before', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'fr')).toBe('12\u202f345');
    expect(formatNumber(6789, 'en')).toBe('6,789');
    expect(formatNumber(6789, 'fr')).toBe('6\u202f789');
  });

  it('writes whole numbers as Intl.NumberFormat does, and leaves the others to it', () => {
    const values = [0, 1, -1, 7, 42, 999, 1000, -1000, 1001, 9999, 10_000, 123_456, -987_654, 1_000_000, 4_294_967_296];
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5, -2.25, 1234.5678);
    for (const locale of ['en', 'fr'] as const) {
      const intl = new Intl.NumberFormat(locale);
      for (const value of values) expect(formatNumber(value, locale), `${value} in ${locale}`).toBe(intl.format(value));
    }
  });

  it('builds one Intl formatter per language and options', () => {
    const options: Intl.NumberFormatOptions = { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 };
    expect(numberFormat('fr', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 })).toBe(numberFormat('fr', options));
    expect(numberFormat('en', options)).not.toBe(numberFormat('fr', options));
    expect(numberFormat('fr')).not.toBe(numberFormat('fr', options));
    expect(numberFormat('fr', options).format(1.55)).toBe(new Intl.NumberFormat('fr', options).format(1.55));
  });
});
