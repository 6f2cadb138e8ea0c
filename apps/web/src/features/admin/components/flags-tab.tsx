import { Copy, Eye, EyeOff, Flag, KeyRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { pickText, useLocale } from '@/lib/use-locale';

import { useChallengeFlags } from '../api/get-challenge-flags';
import { useChallengeList } from '../api/get-challenge-titles';

import { AdminSection } from './admin-section';
import { EmptyState, SectionError, SectionSpinner } from './section-state';

/** Flags are derived per deployment and never stored in the repository; admins read them here. */
export function FlagsTab() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const flags = useChallengeFlags();
  const challenges = useChallengeList().data?.challenges;
  const titles = useMemo(
    () => new Map((challenges ?? []).map((challenge) => [challenge.id, pickText(challenge.title, locale)])),
    [challenges, locale],
  );
  // Hidden until asked for, so that a screen share or a glance over the shoulder does not give them away.
  const [isRevealed, setIsRevealed] = useState(false);

  async function copy(flag: string) {
    try {
      await navigator.clipboard.writeText(flag);
      toast({ title: t('flags.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('flags.copyFailed') });
    }
  }

  const revealButton = (
    <Button variant="outline" size="sm" onClick={() => setIsRevealed((value) => !value)} aria-pressed={isRevealed}>
      {isRevealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {isRevealed ? t('flags.hide') : t('flags.show')}
    </Button>
  );

  return (
    <AdminSection title={t('flags.title')} description={t('flags.description')} actions={revealButton}>
      <div role="note" className="mb-4 flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
        <KeyRound className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <p>
          <span className="font-semibold text-warning">{t('flags.warningTitle')}</span> {t('flags.warning')}
        </p>
      </div>
      {flags.isPending ? (
        <SectionSpinner />
      ) : flags.error ? (
        <SectionError title={t('flags.loadFailed')} error={flags.error} onRetry={() => void flags.refetch()} />
      ) : flags.data.flags.length === 0 ? (
        <EmptyState icon={<Flag className="size-10" aria-hidden="true" />}>{t('flags.empty')}</EmptyState>
      ) : (
        <ul className="divide-y divide-border/60">
          {flags.data.flags.map(({ id, flag }) => {
            const title = titles.get(id) ?? id;
            return (
              <li key={id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate font-medium">{title}</p>
                  <p className="truncate font-mono text-xs text-muted-foreground">{id}</p>
                </div>
                <code
                  className="min-w-0 flex-1 basis-64 rounded-md bg-muted px-2 py-1 font-mono text-xs break-all"
                  aria-label={isRevealed ? undefined : t('flags.hidden')}
                >
                  {isRevealed ? flag : '•'.repeat(Math.min(flag.length, 32))}
                </code>
                <WithTooltip label={t('flags.copyHint')}>
                  <Button variant="ghost" size="icon" aria-label={t('flags.copy', { title })} onClick={() => void copy(flag)}>
                    <Copy />
                  </Button>
                </WithTooltip>
              </li>
            );
          })}
        </ul>
      )}
    </AdminSection>
  );
}
