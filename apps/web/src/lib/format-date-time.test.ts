import { describe, expect, it } from 'vitest';

import { formatLongDate } from './format-date-time';

describe('formatLongDate', () => {
  it('writes each day of a year as Intl writes a long date, in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
      for (let day = 0; day < 366; day += 1) {
        const date = new Date(2024, 0, 1 + day, 23, 30);
        expect(formatLongDate(date.toISOString(), locale), `${date.toISOString()} in ${locale}`).toBe(intl.format(date));
      }
    }
  });

  it('leaves a text that is not a date as it is', () => {
    expect(formatLongDate('yesterday', 'en')).toBe('yesterday');
  });
});
