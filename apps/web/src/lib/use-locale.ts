import { useTranslation } from 'react-i18next';

import type { LocalizedText, Locale } from '@drapeau/shared';

import { toLocale } from './languages';

/** The active UI language as a shared `Locale`; re-renders on language change. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Challenge and badge texts are data given per locale (docs/conventions.md#i18n). */
export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] || text.en;
}
