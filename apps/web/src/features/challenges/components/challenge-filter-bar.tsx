import { useTranslation } from 'react-i18next';

import { LEVELS } from '@drapeau/shared/constants';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

import { ALL, type CategoryFilter, type ChallengeFilters, type LevelFilter } from './filter-challenges';

interface ChallengeFiltersProps {
  filters: ChallengeFilters;
  /** Category keys and names, in display order. */
  categories: { key: string; name: string }[];
  onCategoryChange: (value: CategoryFilter) => void;
  onLevelChange: (value: LevelFilter) => void;
}

function isLevelFilter(value: string): value is LevelFilter {
  return value === ALL || (LEVELS as readonly string[]).includes(value);
}

/**
 * The category and difficulty filters, as the browser's own drop-down lists: the challenge list is a page Lighthouse
 * measures, and Radix's select rendered its hidden options again while the list was drawn (docs/performance.md
 * "Lighthouse", 2026-11-30).
 */
export function ChallengeFilterBar({ filters, categories, onCategoryChange, onLevelChange }: ChallengeFiltersProps) {
  const { t } = useTranslation(['challenges', 'categories', 'difficulties']);
  return (
    <div role="search" aria-label={t('challenges:filters.label')} className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <div className="grid gap-1.5">
        <Label htmlFor="filter-category">{t('challenges:filters.category')}</Label>
        <NativeSelect id="filter-category" value={filters.category} onChange={(event) => onCategoryChange(event.target.value)}>
          <option value={ALL}>{t('challenges:filters.allCategories')}</option>
          {categories.map((category) => (
            <option key={category.key} value={category.key}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="filter-level">{t('challenges:filters.difficulty')}</Label>
        <NativeSelect
          id="filter-level"
          value={filters.level}
          onChange={(event) => isLevelFilter(event.target.value) && onLevelChange(event.target.value)}
        >
          <option value={ALL}>{t('challenges:filters.allDifficulties')}</option>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`difficulties:${level}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
