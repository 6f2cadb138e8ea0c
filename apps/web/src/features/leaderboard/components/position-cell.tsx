import { Medal, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

interface Podium {
  Icon: LucideIcon;
  labelKey: 'first' | 'second' | 'third';
  className: string;
}

/** Gold, silver and bronze for the top three. */
const PODIUM: Record<number, Podium> = {
  1: { Icon: Trophy, labelKey: 'first', className: 'text-yellow-400 drop-shadow-[0_0_6px_rgb(250_204_21/0.5)]' },
  2: { Icon: Medal, labelKey: 'second', className: 'text-slate-300' },
  3: { Icon: Medal, labelKey: 'third', className: 'text-amber-600' },
};

/** The place number, with a trophy or medal for the podium. */
export function PositionCell({ position }: { position: number }) {
  const { t } = useTranslation('leaderboard');
  const podium = PODIUM[position];
  return (
    <span className="inline-flex items-center gap-1.5 font-mono tabular-nums">
      {podium ? (
        <podium.Icon role="img" aria-label={t(`podium.${podium.labelKey}`)} className={cn('size-5 shrink-0', podium.className)} />
      ) : (
        <span className="hidden size-5 sm:inline-block" aria-hidden="true" />
      )}
      {/* On phones the podium icon stands alone (its label names the place); the number keeps the column narrow. */}
      <span className={cn('min-w-6 text-right', podium ? 'hidden font-bold text-foreground sm:inline' : 'text-muted-foreground')}>
        {position}
      </span>
    </span>
  );
}
