import { useTranslation } from 'react-i18next';

import { LEVELS } from '@drapeau/shared/constants';

import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

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

export function ChallengeFilterBar({ filters, categories, onCategoryChange, onLevelChange }: ChallengeFiltersProps) {
  const { t } = useTranslation(['challenges', 'categories', 'difficulties']);
  return (
    <div role="search" aria-label={t('challenges:filters.label')} className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <div className="grid gap-1.5">
        <Label htmlFor="filter-category">{t('challenges:filters.category')}</Label>
        <Select value={filters.category} onValueChange={(value: CategoryFilter) => onCategoryChange(value)}>
          <SelectTrigger id="filter-category" aria-label={t('challenges:filters.category')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('challenges:filters.allCategories')}</SelectItem>
            {categories.map((category) => (
              <SelectItem key={category.key} value={category.key}>
                {category.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="filter-level">{t('challenges:filters.difficulty')}</Label>
        <Select value={filters.level} onValueChange={(value) => isLevelFilter(value) && onLevelChange(value)}>
          <SelectTrigger id="filter-level" aria-label={t('challenges:filters.difficulty')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('challenges:filters.allDifficulties')}</SelectItem>
            {LEVELS.map((level) => (
              <SelectItem key={level} value={level}>
                {t(`difficulties:${level}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
