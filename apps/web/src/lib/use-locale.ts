import { useTranslation } from 'react-i18next';

import type { LocalizedText, Locale } from '@drapeau/shared';

import { toLocale } from './i18n';

/** The active UI language as a shared `Locale`; re-renders on language change. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Challenge and badge texts are data given per locale (docs/conventions.md#i18n). */
export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] || text.en;
}

/** One formatter per language: making one costs more than formatting with it, and a page formats a number per row. */
const numberFormats = new Map<Locale, Intl.NumberFormat>();

export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
