import { SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { pickText, useLocale } from '@/lib/use-locale';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import type { SubmissionFilters } from '../api/admin-keys';
import { useChallengeList } from '../api/get-challenge-titles';
import { useSubmissions } from '../api/get-submissions';

import { AdminSection } from './admin-section';
import { Pager } from './pager';
import { EmptyState, SectionError, SectionSpinner } from './section-state';
import { SubmissionFilterBar } from './submission-filters';
import { SubmissionsTable } from './submissions-table';
import { usePagedFilter } from './use-paged-filter';

const NO_FILTERS: SubmissionFilters = { user: '', challenge: '', result: '' };

/** Every flag attempt, newest first, filtered by user, challenge and result on the server. */
export function SubmissionsTab() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [filters, setFilters] = useState<SubmissionFilters>(NO_FILTERS);
  const user = useDebouncedValue(filters.user.trim());
  const applied = useMemo(() => ({ ...filters, user }), [filters, user]);
  const { page, setPage } = usePagedFilter(JSON.stringify(applied));
  const submissions = useSubmissions(applied, page);
  const challenges = useChallengeList().data?.challenges;
  const titles = useMemo(
    () => new Map((challenges ?? []).map((challenge) => [challenge.id, pickText(challenge.title, locale)])),
    [challenges, locale],
  );

  return (
    <AdminSection title={t('submissions.title')} description={t('submissions.description')}>
      <SubmissionFilterBar filters={filters} challenges={challenges ?? []} onChange={setFilters} />
      {submissions.isPending ? (
        <SectionSpinner />
      ) : submissions.error ? (
        <SectionError title={t('submissions.loadFailed')} error={submissions.error} onRetry={() => void submissions.refetch()} />
      ) : submissions.data.submissions.length === 0 ? (
        <EmptyState icon={<SearchX className="size-10" aria-hidden="true" />}>{t('submissions.empty')}</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted-foreground">{t('submissions.count', { count: submissions.data.total })}</p>
          <SubmissionsTable submissions={submissions.data.submissions} titles={titles} />
          <Pager
            page={submissions.data.page}
            pageSize={submissions.data.pageSize}
            total={submissions.data.total}
            onPageChange={setPage}
            isBusy={submissions.isPlaceholderData}
          />
        </>
      )}
    </AdminSection>
  );
}
