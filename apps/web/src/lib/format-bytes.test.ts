import { describe, expect, it } from 'vitest';

import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('writes sizes with the unit people read, a no-break space before it', () => {
    expect(formatBytes(512, 'en')).toBe('512\u00a0B');
    expect(formatBytes(1500, 'en')).toBe('1.5\u00a0kB');
    expect(formatBytes(12_345_678, 'en')).toBe('12.3\u00a0MB');
  });

  it('uses French decimals and units in French', () => {
    expect(formatBytes(512, 'fr')).toBe('512\u00a0o');
    expect(formatBytes(1500, 'fr')).toBe('1,5\u00a0ko');
    expect(formatBytes(12_345_678, 'fr')).toBe('12,3\u00a0Mo');
  });
});
