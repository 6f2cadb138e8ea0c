import { ShieldCheck, TrendingUp, Trophy, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { AdminStats } from '@drapeau/shared';

import { Card } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { getErrorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format-number';
import { useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { useAdminStats } from '../api/get-admin-stats';

interface StatDefinition {
  key: keyof AdminStats;
  icon: LucideIcon;
  tone: string;
}

const STATS: StatDefinition[] = [
  { key: 'totalUsers', icon: Users, tone: 'bg-sky-500/15 text-sky-300' },
  { key: 'admins', icon: ShieldCheck, tone: 'bg-rose-500/15 text-rose-300' },
  { key: 'totalPoints', icon: Trophy, tone: 'bg-amber-500/15 text-amber-300' },
  { key: 'avgScore', icon: TrendingUp, tone: 'bg-primary/15 text-primary' },
];

/**
 * The stat cards (docs/product.md#admin-panel): Total Users, Admins, Total Points and Avg Score (already rounded by the
 * server).
 */
export function AdminStatCards() {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const locale = useLocale();
  const { data, error, refetch } = useAdminStats();

  if (error) {
    return (
      <ErrorNotice
        title={t('admin:stats.loadFailed')}
        message={getErrorMessage(t, error)}
        onRetry={() => void refetch()}
        retryLabel={t('common:retry')}
      />
    );
  }

  return (
    <ul aria-label={t('admin:stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {STATS.map(({ key, icon: Icon, tone }) => {
        const labelId = `admin-stat-${key}`;
        return (
          <li key={key}>
            <Card className="flex items-center gap-3 p-4 sm:p-5" aria-labelledby={labelId} role="group">
              <span className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p id={labelId} className="truncate text-xs font-medium text-muted-foreground sm:text-sm">
                  {t(`admin:stats.${key}`)}
                </p>
                <p className="text-2xl font-bold tabular-nums">
                  {data ? formatNumber(data[key], locale) : <span className="text-muted-foreground">…</span>}
                </p>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
