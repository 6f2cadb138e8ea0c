import { useSearchParams } from 'react-router';

import { CategoryKeySchema, LevelSchema } from '@drapeau/shared';

import { ALL, type CategoryFilter, type ChallengeFilters, type LevelFilter } from './filter-challenges';

/** The list filters live in the URL (`?category=forensics&level=easy`), so a filtered view can be shared or reloaded. */
export function useChallengeFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const category = CategoryKeySchema.safeParse(searchParams.get('category'));
  const level = LevelSchema.safeParse(searchParams.get('level'));
  const filters: ChallengeFilters = {
    category: category.success ? category.data : ALL,
    level: level.success ? level.data : ALL,
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
