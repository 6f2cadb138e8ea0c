import { SearchX, Users } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useLeaderboard } from '../api/get-leaderboard';
import { useScoreGraph } from '../api/get-score-graph';

import { FreezeNotice } from './freeze-notice';
import { LeaderboardTable } from './leaderboard-table';
import { ScoreGraph } from './score-graph';
import { useLeaderboardParams } from './use-leaderboard-params';

interface LeaderboardPageProps {
  /** The signed-in player, whose row is highlighted. */
  currentUserId?: string | undefined;
  /** In team mode, the signed-in player's team, whose row is highlighted instead. */
  currentTeamId?: string | undefined;
  /** The freeze time while the freeze holds (docs/product.md#freeze), else null. */
  frozenAt?: string | null | undefined;
  isAdmin?: boolean | undefined;
  /** Under the subtitle: links to related pages (the past events' standings), where the table's arrival cannot move them. */
  links?: ReactNode;
}

function EmptyState({ isSearching, isTeams }: { isSearching: boolean; isTeams: boolean }) {
  const { t } = useTranslation('leaderboard');
  const Icon = isSearching ? SearchX : Users;
  return (
    <div className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed p-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-semibold">{isSearching ? t('empty.noMatch') : t(isTeams ? 'empty.noTeams' : 'empty.noUsers')}</p>
    </div>
  );
}

/** The leaderboard (docs/product.md#leaderboard): server-side search, the standings table and paging. */
export function LeaderboardPage({ currentUserId, currentTeamId, frozenAt, isAdmin = false, links }: LeaderboardPageProps) {
  const { t } = useTranslation(['leaderboard', 'common']);
  useDocumentTitle(t('leaderboard:title'));
  const navigate = useNavigate();
  const { search, page, draft, setDraft, setPage, clearSearch } = useLeaderboardParams();
  const [showsPublicView, setShowsPublicView] = useState(false);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useLeaderboard({
    search: search || undefined,
    page,
    view: isAdmin && frozenAt && showsPublicView ? 'public' : undefined,
  });

  const isSearching = search !== '';
  // The graph above the table shows with it, not after it: a graph arriving later would push the table (or its spinner)
  // down the page (docs/performance.md "Lighthouse": layout shift).
  const { isPending: isGraphPending } = useScoreGraph({ enabled: !isSearching });
  const isLoaded = !isPending && (isSearching || !isGraphPending);
  // The standings and the graph are drawn in slices between the browser's tasks once loaded, the spinner shown until
  // then; a page that starts loading again shows its spinner at once (docs/performance.md "Lighthouse").
  const isDrawn = useDeferredValue(isLoaded);
  const isLoading = !isLoaded || !isDrawn;

  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A page past the end (an old link, users deleted since): go back to the first page.
  const isPastEnd = data !== undefined && !isPlaceholderData && data.entries.length === 0 && page > 1;
  useEffect(() => {
    if (isPastEnd) setPage(1);
  }, [isPastEnd, setPage]);

  // Team mode (docs/product.md#teams): the standings are teams, and a row opens the team's page.
  const isTeams = data?.isTeams === true;
  const openProfile = (uid: string) => void navigate(`/${isTeams ? 'team' : 'user'}/${encodeURIComponent(uid)}`);

  return (
    <div className="grid gap-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('leaderboard:title')}</h1>
          <p className="text-muted-foreground">{t('leaderboard:subtitle')}</p>
          {links}
        </div>
        <SearchBox
          value={draft}
          onChange={setDraft}
          onClear={clearSearch}
          label={t(isTeams ? 'leaderboard:search.labelTeams' : 'leaderboard:search.label')}
          placeholder={t(isTeams ? 'leaderboard:search.placeholderTeams' : 'leaderboard:search.placeholder')}
          clearLabel={t('leaderboard:search.clear')}
          className="sm:max-w-sm"
        />
      </header>
      {frozenAt && (
        <FreezeNotice
          freezeAt={frozenAt}
          isAdmin={isAdmin}
          showsPublicView={showsPublicView}
          onTogglePublicView={() => setShowsPublicView((shows) => !shows)}
        />
      )}

      {!isSearching && !isLoading && <ScoreGraph />}

      {isLoading ? (
        <PageSpinner label={t('common:loading')} />
      ) : error ? (
        <ErrorNotice
          title={t('leaderboard:loadFailed')}
          message={getErrorMessage(t, error)}
          onRetry={() => void refetch()}
          retryLabel={t('common:retry')}
        />
      ) : (
        <>
          {isSearching && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
              {t(isTeams ? 'leaderboard:foundTeams' : 'leaderboard:found', { count: data.total })}
              {isFetching && <Spinner className="size-4" label={t('common:loading')} />}
            </p>
          )}
          {data.entries.length === 0 ? (
            <EmptyState isSearching={isSearching} isTeams={isTeams} />
          ) : (
            <LeaderboardTable
              entries={data.entries}
              currentId={isTeams ? currentTeamId : currentUserId}
              onOpen={openProfile}
              isRefreshing={isPlaceholderData}
              isTeams={isTeams}
            />
          )}
          {data.total > data.pageSize && (
            <Pagination label={t('pagination.label')} page={page} pageCount={pageCount} onPageChange={setPage} />
          )}
        </>
      )}
    </div>
  );
}
