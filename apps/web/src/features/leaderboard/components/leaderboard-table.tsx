import { useTranslation } from 'react-i18next';

import type { LeaderboardEntry } from '@drapeau/shared';

import { LeaderboardRow } from './leaderboard-row';

interface LeaderboardTableProps {
  entries: LeaderboardEntry[];
  /** The row to highlight: the signed-in player's, or their team's in team mode. */
  currentId: string | undefined;
  onOpen: (uid: string) => void;
  isRefreshing: boolean;
  /** Team mode (docs/product.md#teams): the rows are teams. */
  isTeams?: boolean;
}

/** Rank, Username, Score, Solved (docs/product.md#leaderboard), in the server's order. Solved is hidden on phones. */
export function LeaderboardTable({ entries, currentId, onOpen, isRefreshing, isTeams = false }: LeaderboardTableProps) {
  const { t } = useTranslation('leaderboard');
  return (
    <div className="overflow-hidden rounded-(--radius-card) border border-border/80 bg-card/80 shadow-lg shadow-black/20 backdrop-blur-sm">
      <table
        className="w-full table-fixed border-collapse text-sm transition-opacity aria-busy:opacity-60"
        aria-busy={isRefreshing}
      >
        <caption className="sr-only">{t(isTeams ? 'captionTeams' : 'caption')}</caption>
        <thead className="bg-muted/40 text-xs tracking-wider text-muted-foreground uppercase">
          <tr className="border-b border-border/80">
            <th scope="col" className="w-16 py-3 pr-2 pl-3 text-left font-medium sm:w-24 sm:pl-5">
              {t('columns.rank')}
            </th>
            <th scope="col" className="py-3 pr-2 text-left font-medium">
              {t(isTeams ? 'columns.team' : 'columns.username')}
            </th>
            <th scope="col" className="w-20 py-3 pr-3 text-right font-medium sm:w-28 sm:pr-5">
              {t('columns.score')}
            </th>
            <th scope="col" className="hidden w-24 py-3 pr-5 text-right font-medium sm:table-cell">
              {t('columns.solved')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <LeaderboardRow
              key={entry.uid}
              entry={entry}
              isCurrentUser={entry.uid === currentId}
              onOpen={onOpen}
              isTeam={isTeams}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
