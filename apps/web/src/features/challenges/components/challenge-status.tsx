import { CalendarX, Lock, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { ChallengeRef } from '@drapeau/shared';

import { formatDate } from '@/lib/format-date-time';
import { pickText, useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

/** A locked challenge (prerequisites unsolved) says which challenges unlock it, each a link. */
export function LockedNotice({ lockedBy }: { lockedBy: ChallengeRef[] }) {
  const { t } = useTranslation('challenge');
  const locale = useLocale();
  return (
    <section role="status" className="grid gap-2 rounded-lg border border-dashed border-muted-foreground/40 p-4">
      <p className="flex items-center gap-2 font-semibold">
        <Lock className="size-4" aria-hidden="true" />
        {t('status.lockedTitle')}
      </p>
      <p className="text-sm text-muted-foreground">{t('status.lockedBy', { count: lockedBy.length })}</p>
      <ul className="grid list-disc gap-1 pl-6 text-sm">
        {lockedBy.map((ref) => (
          <li key={ref.id}>
            <Link to={`/challenge/${encodeURIComponent(ref.id)}`} className="text-primary underline underline-offset-4">
              {pickText(ref.title, locale)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Past its close time a challenge stays readable, but flags and costly hints are refused. */
export function ClosedNotice({ closesAt }: { closesAt: string | null }) {
  const { t } = useTranslation('challenge');
  const locale = useLocale();
  const date = closesAt ? formatDate(closesAt, locale, { dateStyle: 'long', timeStyle: 'short' }) : null;
  return (
    <section role="status" className="flex items-start gap-3 rounded-lg border border-muted-foreground/40 bg-muted/40 p-4">
      <CalendarX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{t('status.closedTitle')}</p>
        <p className="text-sm text-muted-foreground">{date ? t('status.closedOn', { date }) : t('status.closedDescription')}</p>
      </div>
    </section>
  );
}

/** Attempts left when the challenge has a maximum; at zero, the flag form is closed for this player. */
export function AttemptsLeft({ attemptsLeft, maxAttempts }: { attemptsLeft: number; maxAttempts: number }) {
  const { t } = useTranslation('challenge');
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 text-sm',
        attemptsLeft === 0 ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      <Target className="size-4" aria-hidden="true" />
      {attemptsLeft === 0 ? t('status.noAttemptsLeft') : t('status.attemptsLeft', { count: attemptsLeft, max: maxAttempts })}
    </p>
  );
}
