import { CircleCheck, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { PublicChallenge } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';

import { CategoryIcon } from './category-icon';
import { LevelBadge } from './level-badge';

interface ChallengeHeaderProps {
  challenge: PublicChallenge;
  title: string;
}

export function ChallengeHeader({ challenge, title }: ChallengeHeaderProps) {
  const { t } = useTranslation(['challenges', 'categories', 'common']);
  return (
    <header className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline" className="gap-1.5 py-1">
          <CategoryIcon category={challenge.category} />
          {t(`categories:${challenge.category}`)}
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
      </div>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
      <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <Users className="size-4" aria-hidden="true" />
        {t('challenges:solves', { count: challenge.solveCount })}
      </p>
    </header>
  );
}
