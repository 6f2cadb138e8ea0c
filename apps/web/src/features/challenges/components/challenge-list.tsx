import { SearchX } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useChallenges } from '../api/get-challenges';

import { CategorySection } from './category-section';
import { ChallengeFilterBar } from './challenge-filter-bar';
import { filterChallenges, groupByCategory, type CategoryGroup } from './filter-challenges';
import { SolveProgress } from './solve-progress';
import { useCategoryCatalog } from './use-category-catalog';
import { useChallengeFilters } from './use-challenge-filters';

/** Index of each group's first card, so that the entry stagger runs across the whole page. */
function firstIndexes(groups: CategoryGroup[]): number[] {
  let next = 0;
  return groups.map((group) => {
    const first = next;
    next += group.challenges.length;
    return first;
  });
}

/** The challenge list (docs/product.md#challenge-list): grouped by category, filtered by category and difficulty. */
export function ChallengeList() {
  const { t } = useTranslation(['challenges', 'common']);
  useDocumentTitle(t('challenges:title'));
  const { data: latest, error, refetch } = useChallenges();
  // The list is drawn in slices between the browser's tasks, not in one long task (docs/performance.md "Lighthouse").
  const data = useDeferredValue(latest);
  const { filters, setCategory, setLevel, reset } = useChallengeFilters();
  const catalog = useCategoryCatalog();

  if (error) {
    return (
      <ErrorNotice
        title={t('challenges:loadFailed')}
        message={getErrorMessage(t, error)}
        onRetry={() => void refetch()}
        retryLabel={t('common:retry')}
      />
    );
  }

  if (!data) return <PageSpinner label={t('common:loading')} />;

  const groups = groupByCategory(filterChallenges(data.challenges, filters), catalog.order);
  const categoryKeys = [...new Set([...catalog.order, ...data.challenges.map((challenge) => challenge.category)])];
  const categories = categoryKeys.map((key) => ({ key, name: catalog.name(key) }));
  const starts = firstIndexes(groups);

  return (
    <div className="grid gap-8">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('challenges:title')}</h1>
          <p className="text-muted-foreground">{t('challenges:subtitle')}</p>
        </div>
        <SolveProgress challenges={data.challenges} />
      </header>
      <ChallengeFilterBar filters={filters} categories={categories} onCategoryChange={setCategory} onLevelChange={setLevel} />
      {groups.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed p-10 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">{t('challenges:empty')}</p>
          <p className="text-sm text-muted-foreground">{t('challenges:emptyHint')}</p>
          <Button variant="outline" size="sm" onClick={reset}>
            {t('challenges:filters.reset')}
          </Button>
        </div>
      ) : (
        groups.map((group, i) => (
          <CategorySection
            key={group.category}
            group={group}
            name={catalog.name(group.category)}
            icon={catalog.icon(group.category)}
            firstIndex={starts[i] ?? 0}
          />
        ))
      )}
    </div>
  );
}
