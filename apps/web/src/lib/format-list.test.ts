import { describe, expect, it } from 'vitest';

import { formatList } from './format-list';

describe('formatList', () => {
  it('joins as Intl.ListFormat does, in both languages', () => {
    const lists = [[], ['web'], ['web', 'crypto'], ['web', 'crypto', 'forensics'], ['a', 'b', 'c', 'd', 'e', 'f', 'g']];
    for (const locale of ['en', 'fr'] as const) {
      const intl = new Intl.ListFormat(locale, { type: 'conjunction' });
      for (const items of lists) expect(formatList(items, locale), `${items.join('|')} in ${locale}`).toBe(intl.format(items));
    }
  });
});
