import { useTranslation } from 'react-i18next';

import { CATEGORIES, LEVELS } from '@drapeau/shared';

import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

import { ALL, type CategoryFilter, type ChallengeFilters, type LevelFilter } from './filter-challenges';

interface ChallengeFiltersProps {
  filters: ChallengeFilters;
  onCategoryChange: (value: CategoryFilter) => void;
  onLevelChange: (value: LevelFilter) => void;
}

function isCategoryFilter(value: string): value is CategoryFilter {
  return value === ALL || (CATEGORIES as readonly string[]).includes(value);
}

function isLevelFilter(value: string): value is LevelFilter {
  return value === ALL || (LEVELS as readonly string[]).includes(value);
}

export function ChallengeFilterBar({ filters, onCategoryChange, onLevelChange }: ChallengeFiltersProps) {
  const { t } = useTranslation(['challenges', 'categories', 'difficulties']);
  return (
    <div role="search" aria-label={t('challenges:filters.label')} className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <div className="grid gap-1.5">
        <Label htmlFor="filter-category">{t('challenges:filters.category')}</Label>
        <Select value={filters.category} onValueChange={(value) => isCategoryFilter(value) && onCategoryChange(value)}>
          <SelectTrigger id="filter-category" aria-label={t('challenges:filters.category')}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('challenges:filters.allCategories')}</SelectItem>
            {CATEGORIES.map((category) => (
              <SelectItem key={category} value={category}>
                {t(`categories:${category}`)}
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
