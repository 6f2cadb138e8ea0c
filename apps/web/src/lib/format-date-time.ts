import type { Locale } from '@drapeau/shared';

/** A timestamp in the active language: `12/03/2025 14:05:09` in French, `3/12/25, 2:05:09 PM` in English. */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}
