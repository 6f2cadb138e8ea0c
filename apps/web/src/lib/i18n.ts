import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { formatNumberText } from './format-number';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, parseLocalePath, type Language } from './languages';
import { LOCALE_GROUPS, localeGroupOf } from './locale-groups';
import { writePreferenceCookie } from './preference-cookie';

/** The key of the chosen language in localStorage, and the name of its cookie, which the server reads. */
const LANGUAGE_STORAGE_KEY = 'language';

type NamespaceFile = Record<string, unknown>;

/**
 * Every `locales/<lng>/<namespace>.json`, found at build time and fetched when first needed: a page downloads the texts of
 * one language, not both. The build puts the namespaces of a group (lib/locale-groups.ts) in one file, so that asking for
 * several namespaces of a group is one request. A namespace file added later registers itself without touching this file.
 */
const localeLoaders = import.meta.glob<NamespaceFile>('../locales/*/*.json', { import: 'default' });

/** Every namespace that has a file, whichever the language. */
export const namespaces = [
  ...new Set(
    Object.keys(localeLoaders)
      .map(parseLocalePath)
      .flatMap((parsed) => (parsed ? [parsed[1]] : [])),
  ),
];

/** Every namespace a signed-in page may show: all but the landing page's and the admin panel's. */
export const signedInNamespaces = namespaces.filter((namespace) => !['landing', 'admin'].includes(localeGroupOf(namespace)));

/**
 * The namespaces of the shell (header, disclaimer), loaded before the first render so that no text shows as its key.
 * Each page loads its own in its route (app/router.tsx).
 */
const FIRST_PAGE_NAMESPACES = [...LOCALE_GROUPS.shell];

/** An i18next backend reading the bundled locale files by language and namespace. */
export function bundledLocalesBackend(loaders: Record<string, () => Promise<NamespaceFile>>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      const load = loaders[`../locales/${language}/${namespace}.json`];
      if (!load) {
        callback(null, {});
        return;
      }
      load().then(
        (content) => callback(null, content),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

/**
 * The language of the page as the server sent it (index.html's variant, chosen by the `language` cookie: apps/server
 * src/http/web-app.ts), read before i18next sets its own.
 */
let servedLanguage: string = document.documentElement.lang;

/** The language kept in localStorage, else the one the server sent the page in (its cookie), else the default. */
function readStoredLanguage(): Language {
  let stored: unknown = servedLanguage;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? stored;
  } catch {
    // No storage: the page's language stands.
  }
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Also in a cookie, so that the server sends index.html in this language next time (docs/performance.md "Lighthouse"):
 * written when it would change what the server sends, not on every load.
 */
function rememberLanguage(language: string): void {
  document.documentElement.lang = language;
  if (language !== servedLanguage) {
    writePreferenceCookie(LANGUAGE_STORAGE_KEY, language);
    servedLanguage = language;
  }
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}

i18next.on('languageChanged', rememberLanguage);

/** Resolves once the first page's texts are loaded in the stored language; the app renders after it. */
export const i18nReady: Promise<unknown> = i18next
  .use(bundledLocalesBackend(localeLoaders))
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: FIRST_PAGE_NAMESPACES,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes.
    react: { useSuspense: false },
    // The shell's texts are asked for now, before the page's code (docs/performance.md "Lighthouse"), not a task later.
    initAsync: false,
    // A page asks for its namespaces at once (a few files: lib/locale-groups.ts), not ten at a time.
    maxParallelReads: namespaces.length,
  });

document.documentElement.lang = i18next.language;

/** A page's first Intl.NumberFormat costs tens of milliseconds of main thread (lib/format-number.ts). */
i18next.services.formatter?.add('number', formatNumberText);

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
