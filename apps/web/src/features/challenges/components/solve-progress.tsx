import { useTranslation } from 'react-i18next';

import type { ChallengeSummary } from '@drapeau/shared';

export function SolveProgress({ challenges }: { challenges: ChallengeSummary[] }) {
  const { t } = useTranslation('challenges');
  const total = challenges.length;
  const solved = challenges.filter((challenge) => challenge.solved).length;
  const percent = total === 0 ? 0 : Math.round((solved / total) * 100);
  const label = t('progress', { solved, total });

  return (
    <div className="grid w-full gap-1.5 md:w-64">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={solved}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
