import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { usePageParam } from '@/lib/use-page-param';

import { useSeason } from '../api/get-seasons';

import { SeasonExports, useSeasonTitle } from './past-events';

/**
 * /events/{id}: an ended event's final standings, as kept at its end, a page at a time, the player's own row (their
 * team's) marked and told above them, and its exports (docs/product.md#events).
 */
export function SeasonPage({ id }: { id: string }) {
  const { t } = useTranslation(['seasons', 'common', 'errors']);
  const locale = useLocale();
  const titleOf = useSeasonTitle();
  const [page, setPage] = usePageParam();
  const { data, isPending, error, refetch } = useSeason(id, page);
  useDocumentTitle(data ? titleOf(data.season) : t('seasons:title'));
  const back = (
    <Link to="/events" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('seasons:back')}
    </Link>
  );
  if (isPending) return <PageSpinner />;
  if (error)
    return (
      <div className="mx-auto grid max-w-4xl gap-4">
        {back}
        <ErrorNotice
          title={t('seasons:loadError')}
          message={getErrorMessage(t, error)}
          {...(error instanceof ApiError && error.status === 404
            ? {}
            : { onRetry: () => void refetch(), retryLabel: t('common:retry') })}
        />
      </div>
    );
  const { season, standings, mine } = data;
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  const mineOnPage = mine !== null && standings.some((row) => row.pos === mine.pos);
  return (
    <div className="mx-auto grid max-w-4xl gap-4">
      {back}
      <Card>
        <CardHeader className="gap-3 md:flex-row md:items-end md:justify-between">
          <div className="grid gap-1.5">
            <h1 className="text-2xl font-bold">{titleOf(season)}</h1>
            <CardDescription>
              {t('seasons:dates', { start: formatDateTime(season.startsAt, locale), end: formatDateTime(season.endsAt, locale) })}
            </CardDescription>
            <p className="text-sm text-muted-foreground">{t('seasons:finalNote')}</p>
          </div>
          <SeasonExports id={season.id} />
        </CardHeader>
        <CardContent className="grid gap-4">
          {mine && (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-accent/60 px-3 py-2 text-sm">
              <p>{t(season.isTeams ? 'seasons:mineTeam' : 'seasons:mine', { pos: mine.pos, count: mine.score })}</p>
              {!mineOnPage && (
                <Button variant="outline" size="sm" onClick={() => setPage(Math.ceil(mine.pos / data.pageSize))}>
                  {t('seasons:showMine')}
                </Button>
              )}
            </div>
          )}
          {data.total === 0 ? (
            <p className="text-sm text-muted-foreground">{t('seasons:noStandings')}</p>
          ) : (
            <table className="w-full text-sm" aria-label={t('seasons:standings')}>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-2 pr-3 font-medium">{t('seasons:columns.position')}</th>
                  <th className="py-2 pr-3 font-medium">
                    {t(season.isTeams ? 'seasons:columns.team' : 'seasons:columns.player')}
                  </th>
                  <th className="py-2 pr-3 text-right font-medium">{t('seasons:columns.score')}</th>
                  <th className="hidden py-2 text-right font-medium sm:table-cell">{t('seasons:columns.solved')}</th>
                </tr>
              </thead>
              <tbody>
                {standings.map((row) => (
                  <tr
                    key={row.pos}
                    className={
                      row.pos === mine?.pos ? 'border-t border-border/60 bg-accent/60 font-semibold' : 'border-t border-border/60'
                    }
                  >
                    <td className="py-2 pr-3 tabular-nums">{row.pos}</td>
                    <td className="py-2 pr-3 break-all">{row.name}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.score}</td>
                    <td className="hidden py-2 text-right tabular-nums sm:table-cell">{row.solved}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pageCount > 1 && (
            <Pagination label={t('seasons:pagesLabel')} page={page} pageCount={pageCount} onPageChange={setPage} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
