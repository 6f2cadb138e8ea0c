import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { pickText, useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

import { useChallenge } from '../api/get-challenge';

import { ChallengeDownload } from './challenge-download';
import { ChallengeHeader } from './challenge-header';
import { ChallengeHint } from './challenge-hint';
import { ChallengeNotFound } from './challenge-not-found';
import { FlagForm } from './flag-form';
import { SolvedPanel } from './solved-panel';

interface ChallengeDetailProps {
  id: string;
  /** Where the challenge's in-page exercise renders, if it has one; composed by the app route. */
  labSlot?: ReactNode;
}

function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'VALIDATION_FAILED');
}

/** The challenge page (docs/product.md#challenge-detail): text, file, hint, the exercise slot and the flag form. */
export function ChallengeDetail({ id, labSlot }: ChallengeDetailProps) {
  const { t } = useTranslation(['challenge', 'common']);
  const locale = useLocale();
  const { data: challenge, error, isPending, refetch } = useChallenge(id);
  useDocumentTitle(challenge ? pickText(challenge.title, locale) : undefined);

  if (isPending) return <PageSpinner label={t('common:loading')} />;
  if (isNotFound(error)) return <ChallengeNotFound />;
  if (error) {
    return (
      <ErrorNotice
        title={t('challenge:loadFailed')}
        message={getErrorMessage(t, error)}
        onRetry={() => void refetch()}
        retryLabel={t('common:retry')}
      />
    );
  }

  const hint = challenge.hint ? pickText(challenge.hint, locale) : '';

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/challenges">
          <ArrowLeft />
          {t('challenge:back')}
        </Link>
      </Button>
      <Card className={cn('border-l-4', challenge.solved ? 'border-l-primary' : 'border-l-destructive')}>
        <CardContent className="grid gap-6 pt-5 sm:pt-6">
          <ChallengeHeader challenge={challenge} title={pickText(challenge.title, locale)} />
          <section className="grid gap-2">
            <h2 className="text-sm font-medium text-muted-foreground">{t('challenge:description')}</h2>
            <p className="leading-relaxed break-words whitespace-pre-wrap">{pickText(challenge.description, locale)}</p>
          </section>
          {challenge.fileName !== null && <ChallengeDownload challengeId={challenge.id} fileName={challenge.fileName} />}
          {hint !== '' && <ChallengeHint hint={hint} />}
        </CardContent>
      </Card>
      {labSlot}
      {challenge.solved && <SolvedPanel />}
      <FlagForm key={challenge.id} challengeId={challenge.id} isSolved={challenge.solved} />
    </div>
  );
}
