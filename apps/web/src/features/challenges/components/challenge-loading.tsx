import { useTranslation } from 'react-i18next';

import type { ChallengeSummary } from '@drapeau/shared';

import { cn } from '@/lib/utils';

import { ChallengeColumn, ChallengeSheet } from './challenge-sheet';

/** Lines of the description's placeholder, as wide as a short text's lines. */
const PLACEHOLDER_LINES = ['w-full', 'w-11/12', 'w-4/6'];

/**
 * The challenge page while its detail is read, when the list already gave its summary: the header (category, level,
 * points, title, solves) at once, and the body's placeholder until the description, hints and files arrive.
 */
export function ChallengeLoading({ summary }: { summary: ChallengeSummary }) {
  const { t } = useTranslation('common');
  return (
    <ChallengeColumn aria-busy="true">
      <ChallengeSheet challenge={summary}>
        <div role="status" aria-label={t('loading')} className="grid gap-2" data-testid="challenge-body-loading">
          <div className="h-4 w-24 animate-pulse rounded bg-muted" />
          {PLACEHOLDER_LINES.map((width) => (
            <div key={width} className={cn('h-4 animate-pulse rounded bg-muted/60', width)} />
          ))}
        </div>
      </ChallengeSheet>
    </ChallengeColumn>
  );
}
