import type { Locale } from '@drapeau/shared';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The Intl.DateTimeFormat of a language and options, built once and kept: each new one looks up and resolves the
 * locale's data, about half a millisecond of main thread on a laptop and four times that on a phone, and a page that
 * built one per date spent most of its load there (the leaderboard's score table, one per point of the graph:
 * docs/performance.md "Lighthouse"). Every date the app writes goes through here.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** A time (ISO text or milliseconds since the epoch) written with `options` in the language; a text that is not a date as it is. */
export function formatDate(at: string | number, locale: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return dateTimeFormat(locale, options).format(date);
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/** A timestamp in the active language: `12/03/2025 14:05:09` in French, `3/12/25, 2:05:09 PM` in English. */
export function formatDateTime(iso: string, locale: Locale): string {
  return formatDate(iso, locale, DATE_TIME);
}

const MONTHS: Record<Locale, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};

/**
 * A day as Intl's long date writes it in the visitor's time zone (`November 29, 2026`, `29 novembre 2026`), without
 * Intl: the first Intl formatter of a page loads the browser's locale data, tens of milliseconds of main thread (lib/
 * format-number.ts), and a profile shows this date at its first render. `format-date-time.test.ts` compares with Intl.
 */
export function formatLongDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const [day, month, year] = [date.getDate(), MONTHS[locale][date.getMonth()], date.getFullYear()];
  return locale === 'fr' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}
