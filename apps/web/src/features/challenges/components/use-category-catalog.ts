import { useTranslation } from 'react-i18next';

import type { CategoryIcon } from '@drapeau/shared';
import { CATEGORIES } from '@drapeau/shared/constants';

import { pickText, useLocale } from '@/lib/use-locale';

import { useCategories } from '../api/get-categories';

const BUILT_IN: readonly string[] = CATEGORIES;

export interface CategoryCatalog {
  /** Category keys in display order (built-in ones first until the list has loaded). */
  order: string[];
  name: (key: string) => string;
  icon: (key: string) => CategoryIcon | undefined;
}

/**
 * Names, icons and order of the categories. The six built-in ones are worded by the locale files; those admins add
 * carry their own EN/FR names (docs/challenge-authoring.md).
 */
export function useCategoryCatalog(): CategoryCatalog {
  const { t } = useTranslation('categories');
  const locale = useLocale();
  const { data } = useCategories();
  const categories = [...(data?.categories ?? [])].sort((a, b) => a.position - b.position);
  const byKey = new Map(categories.map((category) => [category.key, category]));
  return {
    order: categories.length > 0 ? categories.map((category) => category.key) : [...CATEGORIES],
    name: (key) => {
      if (BUILT_IN.includes(key)) return t(key);
      const category = byKey.get(key);
      return category ? pickText(category.name, locale) : key;
    },
    icon: (key) => byKey.get(key)?.icon,
  };
}
