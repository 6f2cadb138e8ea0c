import { describe, expect, it, vi } from 'vitest';

import { ERROR_CODES, LOCALES } from '@drapeau/shared';

import { CLIENT_ERROR_CODES } from './api-error';
import { bundledLocalesBackend, i18n, namespaces } from './i18n';
import { LANGUAGES, parseLocalePath } from './languages';

type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

/** Every leaf key of a namespace, dotted: `flag.placeholder`. */
function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leafKeys(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function namespacesOf(language: string): string[] {
  return Object.keys(files)
    .map(parseLocalePath)
    .filter((parsed): parsed is [string, string] => parsed?.[0] === language)
    .map(([, namespace]) => namespace)
    .sort();
}

describe('translations', () => {
  it('has the same namespace files in English and French', () => {
    expect(namespacesOf('fr')).toEqual(namespacesOf('en'));
  });

  const pairs = namespacesOf('en').map((namespace) => [namespace] as const);
  it.each(pairs)('has the same keys in English and French in %s.json', (namespace) => {
    const en = files[`../locales/en/${namespace}.json`];
    const fr = files[`../locales/fr/${namespace}.json`];
    expect(en).toBeDefined();
    expect(fr).toBeDefined();
    expect(leafKeys(fr ?? {}).sort()).toEqual(leafKeys(en ?? {}).sort());
  });

  it.each(pairs)('has no empty text in %s.json', (namespace) => {
    for (const language of LOCALES) {
      const tree = files[`../locales/${language}/${namespace}.json`] ?? {};
      const empty = leafKeys(tree).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, `${language}/${namespace}.json`).toEqual([]);
    }
  });

  it('words every API error code and every client error code', () => {
    const errorKeys = Object.keys(files['../locales/en/errors.json'] ?? {});
    expect(errorKeys).toEqual(expect.arrayContaining([...ERROR_CODES, ...CLIENT_ERROR_CODES, 'generic']));
  });

  it('registers every namespace file it finds', () => {
    expect(namespaces.sort()).toEqual(namespacesOf('en'));
    expect(i18n.t('notFound:title')).toBe('Access Denied');
  });

  it('reads one language and namespace at a time, loading only that file', async () => {
    const loaded: string[] = [];
    const loader = (path: string, content: Tree) => () => {
      loaded.push(path);
      return Promise.resolve(content);
    };
    const backend = bundledLocalesBackend({
      '../locales/fr/demo.json': loader('fr/demo', { hello: 'bonjour' }),
      '../locales/en/demo.json': loader('en/demo', { hello: 'hello' }),
    });
    const read = (language: string, namespace: string) =>
      new Promise<unknown>((resolve, reject) => {
        backend.read(language, namespace, (error, data) => (error ? reject(new Error(String(error))) : resolve(data)));
      });
    expect(await read('fr', 'demo')).toEqual({ hello: 'bonjour' });
    expect(loaded).toEqual(['fr/demo']);
    expect(await read('fr', 'missing')).toEqual({});
  });

  it('supports the languages of the shared contract', () => {
    expect([...LANGUAGES]).toEqual([...LOCALES]);
  });
});

describe('language choice', () => {
  it('keeps the chosen language in localStorage and on <html lang>', async () => {
    await i18n.changeLanguage('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('notFound:title')).toBe('Accès refusé');
  });
});

describe('numbers in the texts', () => {
  it('writes {{…, number}} with formatNumber, which the texts give no options', () => {
    const texts = Object.values(files).flatMap((tree) => leafKeys(tree).map((key) => String(lookUp(tree, key))));
    const formats = texts.flatMap((text) => [...text.matchAll(/\{\{\s*\w+\s*,\s*(number[^}]*)\}\}/g)].map((match) => match[1]));
    expect(formats.length).toBeGreaterThan(0);
    expect(new Set(formats)).toEqual(new Set(['number']));
    const format = (value: unknown, language: string) => i18n.services.formatter?.format(value, 'number', language, {});
    // Whole numbers without Intl.NumberFormat, whose first use is a long task (lib/format-number.ts).
    const intl = vi.spyOn(Intl, 'NumberFormat');
    expect(format(12345, 'fr')).toBe('12\u202f345');
    expect(format(12345, 'en')).toBe('12,345');
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
    expect(format(1.5, 'fr')).toBe('1,5');
  });
});

function lookUp(tree: Tree, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((node, key) => (node as Tree)[key], tree);
}
