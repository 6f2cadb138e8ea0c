/** The languages of `@drapeau/shared`'s LOCALES, repeated here so that the first page loads no schema library. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The active language, narrowed to the ones the platform supports. Apart from lib/i18n.ts, which sets the browser's
 * i18next up when imported: a render on the server (server-render/) reads this module, never that one.
 */
export function toLocale(language: string | undefined): Language {
  const short = language?.slice(0, 2);
  return isLanguage(short) ? short : DEFAULT_LANGUAGE;
}

/** Splits `../locales/fr/challenges.json` into `['fr', 'challenges']`. */
export function parseLocalePath(path: string): [language: string, namespace: string] | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? [match[1], match[2]] : null;
}
