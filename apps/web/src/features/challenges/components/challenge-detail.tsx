import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Card, CardContent } from '@/components/ui/card';
import { ConnectionLine } from '@/components/ui/connection-line';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { connectionFromInfo } from '@/lib/connection';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { pickText, useLocale } from '@/lib/use-locale';

import { useChallenge, useListedChallenge } from '../api/get-challenge';

import { ChallengeAttachments } from './challenge-attachments';
import { ChallengeHints } from './challenge-hints';
import { ChallengeLoading } from './challenge-loading';
import { ChallengeNotFound } from './challenge-not-found';
import { ChallengeColumn, ChallengeDescription, ChallengeSheet } from './challenge-sheet';
import { AttemptsLeft, ClosedNotice, LockedNotice } from './challenge-status';
import { ExplanationPanel } from './explanation-panel';
import { FlagForm } from './flag-form';
import { SolvedPanel } from './solved-panel';

interface ChallengeDetailProps {
  id: string;
  /**
   * Where the challenge's in-page exercise and its service render, given whether it has a service (so that the
   * instance is asked for only then); composed by the app route.
   */
  renderLabSlot?: (challenge: { hasService: boolean }) => ReactNode;
  /** The write-ups section below the flag form, given whether the player solved the challenge; composed by the app route. */
  renderWriteUps?: (isSolved: boolean) => ReactNode;
}

function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'VALIDATION_FAILED');
}

/** The challenge page (docs/product.md#challenge-detail): text, file, hint, the exercise slot and the flag form. */
export function ChallengeDetail({ id, renderLabSlot, renderWriteUps }: ChallengeDetailProps) {
  const { t } = useTranslation(['challenge', 'common']);
  const locale = useLocale();
  const { data: challenge, error, isPending, refetch } = useChallenge(id);
  const listed = useListedChallenge(id);
  const known = challenge ?? listed;
  useDocumentTitle(known ? pickText(known.title, locale) : undefined);

  if (isPending && listed) return <ChallengeLoading summary={listed} />;
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

  const isOutOfAttempts = challenge.attemptsLeft === 0;
  const isReadOnly = challenge.isClosed || isOutOfAttempts;

  return (
    <ChallengeColumn>
      <ChallengeSheet challenge={challenge}>
        {challenge.isLocked ? (
          <LockedNotice lockedBy={challenge.lockedBy} />
        ) : (
          <>
            {challenge.isClosed && <ClosedNotice closesAt={challenge.closesAt} />}
            <ChallengeDescription challenge={challenge} />
            {/* A closed challenge stays readable; its files and exercise are no longer served (403 CHALLENGE_CLOSED). */}
            {!challenge.isClosed && <ChallengeAttachments attachments={challenge.attachments} />}
            <ChallengeHints
              challengeId={challenge.id}
              hints={challenge.hints}
              points={challenge.points}
              isSolved={challenge.solved}
              isReadOnly={challenge.isClosed}
            />
          </>
        )}
      </ChallengeSheet>
      {!challenge.isLocked && !challenge.isClosed && challenge.connectionInfo !== null && (
        <Card data-testid="connection-info">
          <CardContent className="grid gap-3 pt-5 sm:pt-6">
            <h2 className="text-sm font-medium text-muted-foreground">{t('common:connection.title')}</h2>
            <ConnectionLine connection={connectionFromInfo(challenge.connectionInfo)} />
          </CardContent>
        </Card>
      )}
      {!challenge.isLocked && !challenge.isClosed && renderLabSlot?.(challenge)}
      {challenge.solved && <SolvedPanel />}
      {challenge.solved && challenge.explanation && <ExplanationPanel text={pickText(challenge.explanation, locale)} />}
      {!challenge.isLocked && (
        <FlagForm
          key={challenge.id}
          challengeId={challenge.id}
          isSolved={challenge.solved}
          isReadOnly={isReadOnly}
          footer={
            challenge.maxAttempts !== null && challenge.attemptsLeft !== null && !challenge.solved ? (
              <AttemptsLeft attemptsLeft={challenge.attemptsLeft} maxAttempts={challenge.maxAttempts} />
            ) : null
          }
        />
      )}
      {!challenge.isLocked && renderWriteUps?.(challenge.solved)}
    </ChallengeColumn>
  );
}
