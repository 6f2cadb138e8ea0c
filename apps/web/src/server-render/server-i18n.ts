import i18next, { type i18n as I18n } from 'i18next';

import { formatNumberText } from '@/lib/format-number';
import { DEFAULT_LANGUAGE, LANGUAGES, parseLocalePath, type Language } from '@/lib/languages';

/**
 * The texts a markup drawn outside the browser shows: the frame's (build/render-frame.tsx, index.html's frame at build
 * time) and a challenge page's down to its description (page-preview.tsx, on the server).
 */
const files = import.meta.glob<Record<string, unknown>>(
  '../locales/*/{common,disclaimer,challenge,challenges,categories,difficulties}.json',
  { eager: true, import: 'default' },
);

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(files)) {
  const [language, namespace] = parseLocalePath(file) ?? [];
  if (language && namespace) (resources[language] ??= {})[namespace] = texts;
}

const instances = new Map<Language, Promise<I18n>>();

/** One i18next per language, set up as the browser's (lib/i18n.ts): the same texts, the same number format. */
export function serverI18n(language: Language): Promise<I18n> {
  let ready = instances.get(language);
  if (!ready) {
    const instance = i18next.createInstance();
    ready = instance
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        resources,
        defaultNS: 'common',
        fallbackNS: 'common',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      })
      .then(() => {
        instance.services.formatter?.add('number', formatNumberText);
        return instance;
      });
    instances.set(language, ready);
  }
  return ready;
}
