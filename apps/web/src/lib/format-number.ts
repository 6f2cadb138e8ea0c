import type { Locale } from '@drapeau/shared';

import { toLocale } from './languages';

/** What Intl.NumberFormat puts between groups of three digits: a comma in English, a narrow no-break space in French. */
const GROUP_SEPARATOR: Record<Locale, string> = { en: ',', fr: '\u202f' };

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The Intl.NumberFormat of a language and options, built once and kept (as lib/format-date-time.ts does for dates): each
 * new one looks up and resolves the locale's data.
 */
export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A number as Intl.NumberFormat writes it in the language. Whole numbers (points, counts, ranks: every number a page
 * draws at its first render) are grouped here, not by Intl: the first Intl.NumberFormat of a page loads the browser's
 * number data, 40-90 ms of main thread on this machine's Chromium, a blocking task on a phone (docs/performance.md
 * "Lighthouse"). `format-number.test.ts` checks both give the same text.
 */
export function formatNumber(value: number, locale: Locale): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[locale]);
    return value < 0 ? `-${digits}` : digits;
  }
  return numberFormat(locale).format(value);
}

/**
 * i18next's `number` format (`{{count, number}}` in the texts) written by formatNumber, not by i18next's
 * Intl.NumberFormat: the texts give the format no options (`format-number.test.ts` checks the locale files).
 */
export function formatNumberText(value: unknown, language: string | undefined): string {
  return typeof value === 'number' ? formatNumber(value, toLocale(language)) : String(value);
}
