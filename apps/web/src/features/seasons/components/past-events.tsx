import { Download, Rss, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Season } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date-time';
import { pickText, useLocale } from '@/lib/use-locale';

import { exportUrls, useSeasons } from '../api/get-seasons';

/** An event's name in this language (the French falls back to the English), or its dates when it has none. */
export function useSeasonTitle() {
  const { t } = useTranslation('seasons');
  const locale = useLocale();
  return (season: Pick<Season, 'name' | 'startsAt'>) =>
    pickText(season.name, locale) || t('untitled', { date: formatDateTime(season.startsAt, locale) });
}

/** The export links of an ended event: its standings as CSV, and its own CTFtime feed. */
export function SeasonExports({ id }: { id: string }) {
  const { t } = useTranslation('seasons');
  const urls = exportUrls(id);
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={urls.csv} download>
          <Download aria-hidden="true" />
          {t('exports.csv')}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={urls.ctftime} target="_blank" rel="noreferrer">
          <Rss aria-hidden="true" />
          {t('exports.ctftime')}
        </a>
      </Button>
    </div>
  );
}

/**
 * The events that ended, the latest first (docs/product.md#events): each opens its final standings; admins also get
 * each one's exports beside it.
 */
export function PastEvents({ showExports = false }: { showExports?: boolean }) {
  const { t } = useTranslation(['seasons', 'common']);
  const locale = useLocale();
  const titleOf = useSeasonTitle();
  const { data, isPending, isError, refetch } = useSeasons();
  if (isPending) return <Spinner />;
  if (isError)
    return <ErrorNotice title={t('seasons:loadError')} onRetry={() => void refetch()} retryLabel={t('common:retry')} />;
  if (data.seasons.length === 0) return <p className="text-sm text-muted-foreground">{t('seasons:empty')}</p>;
  return (
    <ul className="grid gap-3" aria-label={t('seasons:title')}>
      {data.seasons.map((season) => (
        <li
          key={season.id}
          className="flex flex-col gap-3 rounded-lg border border-border/60 p-4 md:flex-row md:items-center md:justify-between"
        >
          <div className="grid gap-1">
            <Link to={`/events/${season.id}`} className="inline-flex items-center gap-2 font-semibold hover:underline">
              <Trophy aria-hidden="true" className="size-4 text-primary" />
              {titleOf(season)}
            </Link>
            <p className="text-sm text-muted-foreground">
              {t('seasons:dates', {
                start: formatDateTime(season.startsAt, locale),
                end: formatDateTime(season.endsAt, locale),
              })}{' '}
              · {t(season.isTeams ? 'seasons:teams' : 'seasons:players', { count: season.entrants })}
            </p>
          </div>
          {showExports && <SeasonExports id={season.id} />}
        </li>
      ))}
    </ul>
  );
}
