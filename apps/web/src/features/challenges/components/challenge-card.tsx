import { CalendarX, CircleCheck, Lock, Snowflake, Trophy, Wrench } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { ChallengeSummary } from '@drapeau/shared';

import { pickText, useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { explanationPath } from './explanation-path';
import { LevelBadge } from './level-badge';
import { SolveStats } from './solve-stats';

/** docs/product.md#constants: cards enter one after the other, 50 ms apart. */
const CARD_STAGGER_MS = 50;

interface ChallengeCardProps {
  challenge: ChallengeSummary;
  /** Position among the cards on screen, for the entry stagger. */
  index: number;
}

/**
 * Memoised: the list renders again as each of its reads answers (challenges, categories, the event) and when the live
 * stream reads them again; a card whose challenge did not change (React Query keeps an unchanged challenge's object)
 * is not drawn again. Dozens of cards made each of those renders a long task on a phone (docs/performance.md
 * "Lighthouse").
 */
export const ChallengeCard = memo(function ChallengeCard({ challenge, index }: ChallengeCardProps) {
  const { t } = useTranslation(['challenges', 'common']);
  const locale = useLocale();
  const title = pickText(challenge.title, locale);
  // A solved card leads to its "understand and fix" text, which the solve's page showed only briefly.
  const isExplained = challenge.hasExplanation;

  return (
    <Link
      to={isExplained ? explanationPath(challenge.id) : `/challenge/${encodeURIComponent(challenge.id)}`}
      data-solved={challenge.solved}
      data-locked={challenge.isLocked}
      style={{ animationDelay: `${index * CARD_STAGGER_MS}ms` }}
      className={cn(
        'group flex animate-card-enter flex-col gap-3 rounded-(--radius-card) border border-l-4 bg-card/80 p-4 shadow-md shadow-black/20 transition-[transform,border-color,background-color] outline-none hover:-translate-y-0.5 hover:bg-card focus-visible:ring-2 focus-visible:ring-ring',
        challenge.solved ? 'border-l-primary' : 'border-l-destructive',
        challenge.isLocked && 'opacity-70',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="leading-snug font-semibold group-hover:text-primary">{title}</h3>
        {challenge.solved && (
          <CircleCheck className="size-5 shrink-0 text-primary" role="img" aria-label={t('challenges:solved')} />
        )}
        {challenge.isLocked && (
          <Lock className="size-5 shrink-0 text-muted-foreground" role="img" aria-label={t('challenges:locked')} />
        )}
        {!challenge.isLocked && challenge.isClosed && (
          <CalendarX className="size-5 shrink-0 text-muted-foreground" role="img" aria-label={t('challenges:closed')} />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <LevelBadge level={challenge.level} />
        <span className="inline-flex items-center gap-1 font-medium text-amber-300">
          <Trophy className="size-3.5" aria-hidden="true" />
          {t('common:points', { count: challenge.points })}
        </span>
        {challenge.solvedAfterFreeze && (
          <span className="inline-flex items-center gap-1 text-xs text-sky-300">
            <Snowflake className="size-3.5" aria-hidden="true" />
            {t('challenges:solvedAfterFreeze')}
          </span>
        )}
      </div>
      {challenge.isLocked && challenge.lockedBy.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('challenges:unlockedBy', {
            count: challenge.lockedBy.length,
            titles: challenge.lockedBy.map((ref) => pickText(ref.title, locale)).join(', '),
          })}
        </p>
      )}
      {isExplained && (
        <p className="inline-flex items-center gap-1.5 text-xs font-medium text-primary">
          <Wrench className="size-3.5" aria-hidden="true" />
          {t('challenges:explanationReady')}
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <SolveStats challenge={challenge} />
      </div>
    </Link>
  );
});
