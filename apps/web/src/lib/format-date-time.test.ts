import { describe, expect, it } from 'vitest';

import { dateTimeFormat, formatDate, formatDateTime, formatLongDate } from './format-date-time';

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

describe('formatDate', () => {
  it('builds one formatter per language and options, and writes what Intl writes', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
    const format = dateTimeFormat('fr', options);
    expect(dateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' })).toBe(format);
    expect(dateTimeFormat('en', options)).not.toBe(format);
    expect(dateTimeFormat('fr', { dateStyle: 'medium' })).not.toBe(format);
    const at = '2026-03-12T14:05:09Z';
    expect(formatDate(at, 'fr', options)).toBe(new Intl.DateTimeFormat('fr', options).format(new Date(at)));
    expect(formatDate(Date.parse(at), 'fr', options)).toBe(formatDate(at, 'fr', options));
    expect(formatDateTime(at, 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at)),
    );
  });

  it('leaves a text that is not a date as it is', () => {
    expect(formatDate('soon', 'en', { dateStyle: 'long' })).toBe('soon');
    expect(formatDateTime('soon', 'fr')).toBe('soon');
  });
});
