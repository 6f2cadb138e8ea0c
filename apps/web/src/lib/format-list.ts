import type { Locale } from '@drapeau/shared';

/**
 * Items joined as Intl.ListFormat's conjunction writes them ("a, b, and c"; "a, b et c"), without it: a page's first
 * Intl formatter loads the browser's locale data, tens of milliseconds of main thread (lib/format-number.ts).
 * `format-list.test.ts` checks both give the same text.
 */
export function formatList(items: readonly string[], locale: Locale): string {
  if (items.length <= 2) return items.join(locale === 'fr' ? ' et ' : ' and ');
  const head = items.slice(0, -1).join(', ');
  return locale === 'fr' ? `${head} et ${items.at(-1)}` : `${head}, and ${items.at(-1)}`;
}
