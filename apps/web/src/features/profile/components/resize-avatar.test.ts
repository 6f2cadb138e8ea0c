import { describe, expect, it } from 'vitest';

import { checkAvatarFile, fitWithin } from './resize-avatar';

describe('avatar file rules', () => {
  it('accepts images up to 5 MB only', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBe('ok');
    expect(checkAvatarFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toBe('notImage');
    expect(checkAvatarFile({ type: '', size: 10 })).toBe('notImage');
  });

  it('fits a picture within 400x400, keeping its aspect ratio and never enlarging it', () => {
    expect(fitWithin(1600, 1200)).toEqual({ width: 400, height: 300 });
    expect(fitWithin(300, 900)).toEqual({ width: 133, height: 400 });
    expect(fitWithin(400, 400)).toEqual({ width: 400, height: 400 });
    expect(fitWithin(120, 80)).toEqual({ width: 120, height: 80 });
  });
});
