import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { LeaderboardEntry } from '@drapeau/shared';
import { computeRank } from '@drapeau/shared/constants';

import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format-number';
import { useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { PositionCell } from './position-cell';
import { RANK_STYLES } from './rank-style';

interface LeaderboardRowProps {
  entry: LeaderboardEntry;
  isCurrentUser: boolean;
  onOpen: (uid: string) => void;
  /** Team mode (docs/product.md#teams): the row is a team, which opens its page. */
  isTeam?: boolean;
}

/**
 * Each cell is laid out and painted only near the screen: a page of 100 rows was most of the page's layout and paint
 * at load (docs/performance.md "Lighthouse"). A cell not drawn keeps the drawn row's height (its content is the avatar's
 * height, the padding and border outside it): the page's height and its scroll bar do not move as rows come into view.
 * Drawing is clipped to the cell, but for the avatar's ring, which reaches a quarter rem past it.
 */
const CELL = 'box-content h-10 [overflow-clip-margin:0.25rem] [content-visibility:auto]';

const PODIUM_ROW: Record<number, string> = {
  1: 'bg-yellow-400/[0.06]',
  2: 'bg-slate-300/[0.04]',
  3: 'bg-amber-600/[0.05]',
};

/** One player (or team): the whole row opens their profile (click, or Enter when the row has focus). */
export function LeaderboardRow({ entry, isCurrentUser, onOpen, isTeam = false }: LeaderboardRowProps) {
  const { t } = useTranslation(['leaderboard', 'ranks']);
  const locale = useLocale();
  const { rank } = computeRank(entry.score, entry.rank);
  const style = RANK_STYLES[rank];
  const profilePath = `/${isTeam ? 'team' : 'user'}/${encodeURIComponent(entry.uid)}`;

  function handleClick(event: MouseEvent<HTMLTableRowElement>) {
    // The username link navigates by itself.
    if ((event.target as HTMLElement).closest('a')) return;
    onOpen(entry.uid);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(entry.uid);
  }

  return (
    <tr
      tabIndex={0}
      onClick={handleClick}
      onKeyDown={handleKeyDown}
      data-testid={`leaderboard-row-${entry.uid}`}
      className={cn(
        'group cursor-pointer border-b border-border/60 transition-colors outline-none last:border-b-0 hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        PODIUM_ROW[entry.position],
        isCurrentUser && 'bg-primary/[0.07] shadow-[inset_3px_0_0_var(--color-primary)]',
      )}
    >
      <td className={`${CELL} w-16 py-3 pr-2 pl-3 sm:w-24 sm:pl-5`}>
        <PositionCell position={entry.position} />
      </td>
      <td className={`${CELL} max-w-0 py-3 pr-2`}>
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={entry.avatarUrl} name={entry.username} size="md" ringClassName={style.ring} />
          <div className="grid min-w-0 leading-tight">
            <span className="flex min-w-0 items-center gap-2">
              <Link to={profilePath} tabIndex={-1} className="truncate font-semibold hover:text-primary hover:underline">
                {entry.username}
              </Link>
              {isCurrentUser && <Badge className="shrink-0">{t(isTeam ? 'leaderboard:yourTeam' : 'leaderboard:you')}</Badge>}
            </span>
            {!isTeam && <span className={cn('text-xs font-medium', style.text)}>{t(`ranks:${rank}`)}</span>}
          </div>
        </div>
      </td>
      <td className={`${CELL} py-3 pr-3 text-right font-mono font-semibold text-primary tabular-nums sm:pr-5`}>
        {formatNumber(entry.score, locale)}
      </td>
      <td className={`${CELL} hidden py-3 pr-5 text-right font-mono text-muted-foreground tabular-nums sm:table-cell`}>
        {formatNumber(entry.solvedCount, locale)}
      </td>
    </tr>
  );
}
