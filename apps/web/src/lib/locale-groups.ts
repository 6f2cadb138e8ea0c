/**
 * Which locale namespaces travel together, one file per group and language (docs/performance.md "Lighthouse"): a page
 * asks for a handful of files instead of one per namespace, each request a round trip on a phone's network. Read by the
 * build (vite.config.ts, which puts each group in one chunk) and by lib/i18n.ts.
 */
export const LOCALE_GROUPS = {
  /** Every page's frame (the disclaimer, the headers, the not-found page) and the small texts many pages show. */
  shell: ['common', 'nav', 'disclaimer', 'notFound', 'categories', 'ranks'],
  /** The landing page. */
  landing: ['landing'],
  /** The sign-in and registration forms, and the API's errors, which they and every signed-in page word. */
  auth: ['auth', 'errors'],
  /** The admin panel's texts: players never download them. */
  admin: ['admin', 'authoring', 'seed'],
} as const satisfies Record<string, readonly string[]>;

type LocaleGroup = keyof typeof LOCALE_GROUPS | 'app';

/** The group of a namespace; every namespace not listed above is in `app`, the signed-in pages' texts. */
export function localeGroupOf(namespace: string): LocaleGroup {
  for (const [group, members] of Object.entries(LOCALE_GROUPS) as [keyof typeof LOCALE_GROUPS, readonly string[]][]) {
    if (members.includes(namespace)) return group;
  }
  return 'app';
}
