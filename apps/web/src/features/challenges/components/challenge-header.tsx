import { CalendarX, CircleCheck, Lock, PenLine, Snowflake, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { ChallengeSummary } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { CategoryIcon } from '@/components/ui/category-icon';

import { LevelBadge } from './level-badge';
import { SolveStats } from './solve-stats';
import { useCategoryCatalog } from './use-category-catalog';

interface ChallengeHeaderProps {
  /** What the list's summary has too, so that the header shows while the challenge's detail is read. */
  challenge: Omit<ChallengeSummary, 'hasExplanation' | 'lockedBy'>;
  title: string;
}

export function ChallengeHeader({ challenge, title }: ChallengeHeaderProps) {
  const { t } = useTranslation(['challenges', 'challenge', 'common']);
  const catalog = useCategoryCatalog();
  return (
    <header className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" className="gap-1.5 py-1">
          <CategoryIcon category={challenge.category} icon={catalog.icon(challenge.category)} />
          {catalog.name(challenge.category)}
        </Badge>
        <LevelBadge level={challenge.level} />
        <Badge variant="amber" className="gap-1 py-1">
          <Trophy aria-hidden="true" />
          {t('common:points', { count: challenge.points })}
        </Badge>
        {challenge.solved && (
          <Badge className="gap-1 py-1">
            <CircleCheck aria-hidden="true" />
            {t('challenges:solved')}
          </Badge>
        )}
        {challenge.solvedAfterFreeze && (
          <Badge variant="secondary" className="gap-1 py-1">
            <Snowflake aria-hidden="true" />
            {t('challenges:solvedAfterFreeze')}
          </Badge>
        )}
        {challenge.isLocked && (
          <Badge variant="secondary" className="gap-1 py-1">
            <Lock aria-hidden="true" />
            {t('challenges:locked')}
          </Badge>
        )}
        {challenge.isClosed && (
          <Badge variant="secondary" className="gap-1 py-1">
            <CalendarX aria-hidden="true" />
            {t('challenges:closed')}
          </Badge>
        )}
      </div>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <SolveStats challenge={challenge} />
        {challenge.author && (
          <p className="inline-flex items-center gap-1.5">
            <PenLine className="size-4" aria-hidden="true" />
            {t('challenge:author', { author: challenge.author })}
          </p>
        )}
        {challenge.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={t('challenge:tags')}>
            {challenge.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}
