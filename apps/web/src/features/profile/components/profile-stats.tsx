import { Flag, Shield, Star, TrendingUp, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';
import { computeRank } from '@drapeau/shared/constants';

import { formatNumber } from '@/lib/format-number';
import { useLocale } from '@/lib/use-locale';

function Stat({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-border/70 bg-background/40 p-3 text-center sm:flex-row sm:p-4 sm:text-left">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <dl className="grid min-w-0">
        <dt className="truncate text-xs tracking-wide text-muted-foreground uppercase">{label}</dt>
        {/* Wrapped rather than cut: a long rank name breaks at its soft hyphen ("Ensei-gnant") on a phone. */}
        <dd className="text-lg font-bold break-words tabular-nums sm:text-xl">{children}</dd>
      </dl>
    </div>
  );
}

interface ProfileStatsProps {
  user: PublicUser;
  /** The own profile shows the next rank goal (docs/product.md#profile). */
  showNext?: boolean;
}

/**
 * Score, solved count and rank name; optionally "Next: {rank} ({n} pts needed)", none for legend and admin
 * (docs/product.md#ranks).
 */
export function ProfileStats({ user, showNext = false }: ProfileStatsProps) {
  const { t } = useTranslation(['profile', 'ranks']);
  const locale = useLocale();
  const { rank, next } = computeRank(user.score, user.rank);
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <Stat icon={Star} label={t('profile:stats.score')}>
          {formatNumber(user.score, locale)}
        </Stat>
        <Stat icon={Flag} label={t('profile:stats.solved')}>
          {formatNumber(user.solvedChallenges.length, locale)}
        </Stat>
        <Stat icon={Shield} label={t('profile:stats.rank')}>
          {t(`ranks:${rank}`)}
        </Stat>
      </div>
      {showNext && next && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <TrendingUp className="size-4 text-primary" aria-hidden="true" />
          {t('profile:stats.next', { rank: t(`ranks:${next.rank}`), count: next.pointsNeeded })}
        </p>
      )}
    </div>
  );
}
