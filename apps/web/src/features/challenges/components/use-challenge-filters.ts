import { useSearchParams } from 'react-router';

import { CATEGORY_KEY_MAX, CATEGORY_KEY_PATTERN, LEVELS } from '@drapeau/shared/constants';

import { ALL, type CategoryFilter, type ChallengeFilters, type LevelFilter } from './filter-challenges';

/** The list filters live in the URL (`?category=forensics&level=easy`), so a filtered view can be shared or reloaded. */
export function useChallengeFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Checked against the constants rather than the schemas: the list page does not load the schema library.
  const category = searchParams.get('category') ?? '';
  const level = searchParams.get('level');
  const filters: ChallengeFilters = {
    category: category.length <= CATEGORY_KEY_MAX && CATEGORY_KEY_PATTERN.test(category) ? category : ALL,
    level: LEVELS.find((known) => known === level) ?? ALL,
  };

  function update(name: 'category' | 'level', value: string): void {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === ALL) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  return {
    filters,
    setCategory: (value: CategoryFilter) => update('category', value),
    setLevel: (value: LevelFilter) => update('level', value),
    reset: () => setSearchParams({}, { replace: true }),
  };
}
