import { Copy, Eye, EyeOff, Languages, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { AdminChallengeSummary } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { pickText, useLocale } from '@/lib/use-locale';

interface ChallengeTableProps {
  challenges: AdminChallengeSummary[];
  categoryName: (key: string) => string;
  isBusy: boolean;
  onEdit: (id: string) => void;
  onDuplicate: (id: string) => void;
  onToggleState: (challenge: AdminChallengeSummary) => void;
  onDelete: (challenge: AdminChallengeSummary) => void;
}

/**
 * One row per challenge with its actions; hidden ones and missing French are marked. Its lines wrap rather than cut
 * (a line that never wraps would widen the page on a phone, and hide the points and solves).
 */
export function ChallengeTable({
  challenges,
  categoryName,
  isBusy,
  onEdit,
  onDuplicate,
  onToggleState,
  onDelete,
}: ChallengeTableProps) {
  const { t } = useTranslation(['authoring', 'difficulties', 'common']);
  const locale = useLocale();
  return (
    <ul className="divide-y divide-border/60" aria-label={t('authoring:list.label')}>
      {challenges.map((challenge) => {
        const title = pickText(challenge.title, locale) || challenge.id;
        return (
          <li key={challenge.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-challenge-id={challenge.id}>
            <div className="min-w-0 flex-1 basis-64">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="min-w-0 wrap-anywhere">{title}</span>
                {challenge.state === 'hidden' && <Badge variant="secondary">{t('authoring:states.hidden')}</Badge>}
                {!challenge.hasFrench && (
                  <Badge variant="amber" className="gap-1">
                    <Languages aria-hidden="true" />
                    {t('authoring:list.translationMissing')}
                  </Badge>
                )}
                {challenge.isBuiltIn && <Badge variant="outline">{t('authoring:list.builtIn')}</Badge>}
              </p>
              <p className="text-xs wrap-anywhere text-muted-foreground">
                <span className="font-mono">{challenge.id}</span> · {categoryName(challenge.category)} ·{' '}
                {t(`difficulties:${challenge.level}`)} ·{' '}
                <span className="whitespace-nowrap">{t('common:points', { count: challenge.points })}</span>
                {challenge.scoring.type === 'dynamic' && ` (${t('authoring:scoring.dynamic')})`} ·{' '}
                <span className="whitespace-nowrap">{t('authoring:list.solves', { count: challenge.solveCount })}</span>
              </p>
            </div>
            <div className="flex items-center gap-1">
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('authoring:list.edit', { title })}
                onClick={() => onEdit(challenge.id)}
              >
                <Pencil />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                disabled={isBusy}
                aria-label={t('authoring:list.duplicate', { title })}
                onClick={() => onDuplicate(challenge.id)}
              >
                <Copy />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                disabled={isBusy}
                aria-label={t(challenge.state === 'hidden' ? 'authoring:list.show' : 'authoring:list.hide', { title })}
                onClick={() => onToggleState(challenge)}
              >
                {challenge.state === 'hidden' ? <Eye /> : <EyeOff />}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('authoring:list.delete', { title })}
                onClick={() => onDelete(challenge)}
              >
                <Trash2 className="text-destructive" />
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
