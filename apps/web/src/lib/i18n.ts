import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { LOCALES, LocaleSchema, type Locale } from '@drapeau/shared';

export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: Locale = 'en';

type NamespaceFile = Record<string, unknown>;

/**
 * Every `locales/<lng>/<namespace>.json`, found at build time. A namespace file added later (labs.json, admin.json…)
 * registers itself without touching this file.
 */
const localeFiles = import.meta.glob<NamespaceFile>('../locales/*/*.json', { eager: true, import: 'default' });

/** Splits `../locales/fr/challenges.json` into `['fr', 'challenges']`. */
export function parseLocalePath(path: string): [language: string, namespace: string] | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? [match[1], match[2]] : null;
}

export function buildResources(files: Record<string, NamespaceFile>): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(files)) {
    const parsed = parseLocalePath(path);
    if (!parsed) continue;
    const [language, namespace] = parsed;
    resources[language] = { ...resources[language], [namespace]: content };
  }
  return resources;
}

export const resources = buildResources(localeFiles);
export const namespaces = [...new Set(Object.values(resources).flatMap((bundle) => Object.keys(bundle)))];

function readStoredLanguage(): Locale {
  try {
    const parsed = LocaleSchema.safeParse(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
    return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function rememberLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}

i18next.on('languageChanged', rememberLanguage);

void i18next.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LOCALES],
  ns: namespaces,
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false }, // React escapes.
  initAsync: false,
  react: { useSuspense: false },
});

document.documentElement.lang = i18next.language;

/** The active language, narrowed to the ones the platform supports. */
export function toLocale(language: string | undefined): Locale {
  const parsed = LocaleSchema.safeParse(language?.slice(0, 2));
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Locale): Promise<void> {
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
