import { describe, expect, it } from 'vitest';

import { formatNumber } from './use-locale';

describe('formatNumber', () => {
  it('formats in the language asked for, whichever was asked before', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'fr')).toBe('12\u202f345');
    expect(formatNumber(6789, 'en')).toBe('6,789');
    expect(formatNumber(6789, 'fr')).toBe('6\u202f789');
  });
});
