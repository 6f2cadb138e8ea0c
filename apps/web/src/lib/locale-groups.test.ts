import { describe, expect, it } from 'vitest';

import { namespaces, signedInNamespaces } from './i18n';
import { LOCALE_GROUPS, localeGroupOf } from './locale-groups';

/** Every source file of the app but the tests, by path from here (`../features/admin/components/x.tsx`). */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The groups a signed-in player's pages do not load (app/router.tsx), and the only files that may show their texts or
 * import the features that do: anywhere else, a text would show as its key.
 */
const PAGE_ONLY_GROUPS = {
  landing: ['../features/landing/', '../app/routes/home.tsx'],
  admin: ['../features/admin/', '../features/challenge-authoring/', '../features/seed/', '../app/routes/admin.tsx'],
} as const;

function filesOutside(owners: readonly string[]): [path: string, source: string][] {
  return Object.entries(sources).filter(([path]) => !owners.some((owner) => path.startsWith(owner)));
}

describe('locale groups', () => {
  it('puts every namespace in one group, and signed-in pages load all but the landing page’s and the admin panel’s', () => {
    const listed = Object.values(LOCALE_GROUPS).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((namespace) => !namespaces.includes(namespace))).toEqual([]);
    expect(signedInNamespaces).toContain('challenges');
    expect(signedInNamespaces).toContain('errors');
    expect(signedInNamespaces.filter((namespace) => ['landing', 'admin'].includes(localeGroupOf(namespace)))).toEqual([]);
  });

  it.each(Object.entries(PAGE_ONLY_GROUPS))('names the %s group’s namespaces only in its own pages', (group, owners) => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const groupNamespaces = LOCALE_GROUPS[group as keyof typeof PAGE_ONLY_GROUPS].join('|');
    // `t('admin:users.title')`, `useTranslation('admin')`, `useTranslation(['common', 'admin'])`.
    const naming = new RegExp(`['"\`](${groupNamespaces}):|useTranslation\\([^)]*['"](${groupNamespaces})['"]`);
    const offenders = filesOutside(owners)
      .filter(([, source]) => naming.test(source))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it.each(Object.entries(PAGE_ONLY_GROUPS))('imports the %s group’s features only from its own pages', (_group, owners) => {
    const features = owners.filter((owner) => owner.startsWith('../features/')).map((owner) => owner.slice(3, -1));
    const importing = new RegExp(`['"]@/(${features.join('|')})['"/]`);
    const offenders = filesOutside(owners)
      .filter(([, source]) => importing.test(source))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
