import { useTranslation } from 'react-i18next';

import type { LeaderboardEntry } from '@drapeau/shared';

import { cn } from '@/lib/utils';

/** A class's standings: position, student, score, solved (docs/product.md#classes). */
export function ClassBoard({ entries, currentUserId }: { entries: LeaderboardEntry[]; currentUserId?: string | undefined }) {
  const { t } = useTranslation('classes');
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t('student.boardEmpty')}</p>;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-2 pr-3 font-medium">{t('board.position')}</th>
          <th className="py-2 pr-3 font-medium">{t('board.player')}</th>
          <th className="py-2 pr-3 text-right font-medium">{t('board.score')}</th>
          <th className="py-2 text-right font-medium">{t('board.solved')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr
            key={entry.uid}
            className={cn('border-t border-border/60', entry.uid === currentUserId && 'bg-accent/60 font-semibold')}
          >
            <td className="py-2 pr-3 tabular-nums">{entry.position}</td>
            <td className="py-2 pr-3">{entry.username}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{entry.score}</td>
            <td className="py-2 text-right tabular-nums">{entry.solvedCount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
