import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicChallenge } from '@drapeau/shared';

import { Card, CardContent } from '@/components/ui/card';
import { Markdown } from '@/components/ui/markdown';
import { pickText, useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { BackToList } from './back-to-list';
import { ChallengeHeader } from './challenge-header';

/** The challenge page's column, its way back to the list on top. */
export function ChallengeColumn({ children, ...props }: ComponentProps<'div'>) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6" {...props}>
      <BackToList />
      {children}
    </div>
  );
}

/** The challenge's card: a border in the colour of its state, its header, then what the page puts under it. */
export function ChallengeSheet({
  challenge,
  children,
}: {
  challenge: ComponentProps<typeof ChallengeHeader>['challenge'];
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <Card className={cn('border-l-4', challenge.solved ? 'border-l-primary' : 'border-l-destructive')}>
      <CardContent className="grid gap-6 pt-5 sm:pt-6">
        <ChallengeHeader challenge={challenge} title={pickText(challenge.title, locale)} />
        {children}
      </CardContent>
    </Card>
  );
}

export function ChallengeDescription({ challenge }: { challenge: Pick<PublicChallenge, 'description'> }) {
  const { t } = useTranslation('challenge');
  const locale = useLocale();
  return (
    <section className="grid gap-2">
      <h2 className="text-sm font-medium text-muted-foreground">{t('challenge:description')}</h2>
      <Markdown>{pickText(challenge.description, locale)}</Markdown>
    </section>
  );
}

/**
 * The challenge page's first paint, rendered by the server into its HTML (server-render/page-preview.tsx) for a
 * challenge neither locked nor closed: the page as ChallengeDetail draws it down to the description. React's first
 * render draws the whole page over it, the same parts in the same places (docs/performance.md "Lighthouse").
 */
export function ChallengePreview({ challenge }: { challenge: PublicChallenge }) {
  return (
    <ChallengeColumn>
      <ChallengeSheet challenge={challenge}>
        <ChallengeDescription challenge={challenge} />
      </ChallengeSheet>
    </ChallengeColumn>
  );
}
