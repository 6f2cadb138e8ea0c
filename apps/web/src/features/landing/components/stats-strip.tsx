import { useTranslation } from 'react-i18next';

import type { PublicStats } from '@drapeau/shared';

import { formatNumber } from '@/lib/format-number';
import { useLocale } from '@/lib/use-locale';

import { useStats } from '../api/get-stats';

type StatKey = Exclude<keyof PublicStats, 'isEventMode'>;

const STAT_KEYS: Record<StatKey, string> = {
  challengeCount: 'stats.challenges',
  categoryCount: 'stats.categories',
  rankTierCount: 'stats.rankTiers',
  badgeCount: 'stats.badges',
  playerCount: 'stats.players',
};

/** Live figures from GET /api/stats; placeholders while loading, nothing if the server cannot answer. */
export function StatsStrip() {
  const { t } = useTranslation('landing');
  const locale = useLocale();
  const { data, isError } = useStats();
  if (isError) return null;

  return (
    <dl
      aria-label={t('stats.label')}
      aria-busy={data === undefined}
      className="mt-4 grid w-full max-w-4xl grid-cols-2 gap-3 sm:grid-cols-5"
    >
      {(Object.keys(STAT_KEYS) as StatKey[]).map((key) => (
        <div
          key={key}
          className="flex flex-col-reverse items-center gap-1 rounded-xl border bg-card/60 px-3 py-4 last:col-span-2 sm:last:col-span-1"
        >
          <dt className="text-xs tracking-wide text-muted-foreground uppercase">{t(STAT_KEYS[key])}</dt>
          <dd className="font-mono text-2xl font-bold text-primary sm:text-3xl">
            {data ? (
              formatNumber(data[key], locale)
            ) : (
              <span className="inline-block h-8 w-10 animate-pulse rounded bg-muted align-middle" />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
