import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';

import { useSeason } from '../api/get-seasons';

import { SeasonExports, useSeasonTitle } from './past-events';

/** /events/{id}: an ended event's final standings, as kept at its end, and its exports (docs/product.md#events). */
export function SeasonPage({ id, currentIds }: { id: string; currentIds: readonly string[] }) {
  const { t } = useTranslation(['seasons', 'common', 'errors']);
  const locale = useLocale();
  const titleOf = useSeasonTitle();
  const { data, isPending, error, refetch } = useSeason(id);
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
  const { season, standings } = data;
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
        <CardContent>
          {standings.length === 0 ? (
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
                      currentIds.includes(row.id)
                        ? 'border-t border-border/60 bg-accent/60 font-semibold'
                        : 'border-t border-border/60'
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
        </CardContent>
      </Card>
    </div>
  );
}
