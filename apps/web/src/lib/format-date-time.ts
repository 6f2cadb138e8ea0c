import type { Locale } from '@drapeau/shared';

/** A timestamp in the active language: `12/03/2025 14:05:09` in French, `3/12/25, 2:05:09 PM` in English. */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
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
