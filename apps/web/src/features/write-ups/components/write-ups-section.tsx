import { Eye, EyeOff, Lock, NotebookPen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { WriteUp } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';

import { useDeleteWriteUp, useSetWriteUpHidden, useWriteUps } from '../api/write-ups';

import { authorOf, WriteUpArticle } from './write-up-article';
import { WriteUpForm } from './write-up-form';

interface WriteUpsSectionProps {
  challengeId: string;
  /** Whether the player solved the challenge: only then may they write one. */
  isSolved: boolean;
  /**
   * Whether the viewer may read them (solved, or a moderator: docs/product.md#write-ups). When not, they are not asked
   * for (the server would answer 403, an error in the browser's console); the server still decides on every request.
   */
  canRead: boolean;
}

/**
 * The challenge page's write-ups (docs/product.md#write-ups): locked until the player solved the challenge; then their
 * own (to write, edit or delete) and the others', newest first; moderators hide and unhide from the same list.
 */
export function WriteUpsSection({ challengeId, isSolved, canRead }: WriteUpsSectionProps) {
  const { t } = useTranslation(['writeUps', 'errors', 'common']);
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch } = useWriteUps(challengeId, page, canRead);
  const isLocked = !canRead || (isApiError(error) && error.code === 'CHALLENGE_NOT_SOLVED');

  return (
    <Card role="region" aria-labelledby="write-ups-title">
      <CardHeader className="pb-3">
        <CardTitle id="write-ups-title" className="flex items-center gap-2 text-base">
          <NotebookPen className="size-4 text-primary" aria-hidden="true" />
          {t('title')}
        </CardTitle>
        {!isLocked && <CardDescription>{t('description')}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-6">
        {isLocked ? (
          <div role="status" className="flex items-center gap-3 rounded-lg border border-dashed p-4">
            <Lock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid gap-0.5">
              <p className="font-medium">{t('locked')}</p>
              <p className="text-sm text-muted-foreground">{t('lockedHint')}</p>
            </div>
          </div>
        ) : isPending ? (
          <Spinner label={t('common:loading')} />
        ) : error ? (
          <ErrorNotice
            title={t('loadFailed')}
            message={getErrorMessage(t, error)}
            onRetry={() => void refetch()}
            retryLabel={t('common:retry')}
          />
        ) : (
          <>
            <OwnWriteUp challengeId={challengeId} own={data.own} isSolved={isSolved} />
            <OthersWriteUps
              challengeId={challengeId}
              hasOwn={data.own !== null}
              writeUps={data.writeUps}
              canModerate={data.canModerate}
              page={page}
              pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
              onPage={setPage}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function OwnWriteUp({ challengeId, own, isSolved }: { challengeId: string; own: WriteUp | null; isSolved: boolean }) {
  const { t } = useTranslation(['writeUps', 'errors']);
  const [isEditing, setIsEditing] = useState(false);
  const remove = useDeleteWriteUp(challengeId);

  if (isEditing) return <WriteUpForm challengeId={challengeId} existing={own} onDone={() => setIsEditing(false)} />;
  if (!own) {
    if (!isSolved) return <p className="text-sm text-muted-foreground">{t('own.solveToWrite')}</p>;
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4">
        <p className="text-sm">{t('own.none')}</p>
        <Button size="sm" onClick={() => setIsEditing(true)}>
          <Pencil />
          {t('own.write')}
        </Button>
      </div>
    );
  }
  return (
    <section aria-label={t('own.title')} className="grid gap-2 rounded-lg border border-primary/40 p-4">
      <p className="text-xs font-semibold tracking-wide text-primary uppercase">{t('own.title')}</p>
      {own.isHidden && <p className="text-sm text-destructive">{t('hiddenOwn')}</p>}
      <WriteUpArticle
        writeUp={own}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setIsEditing(true)}>
              <Pencil />
              {t('own.edit')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(t('own.confirmDelete'))) return;
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: t('own.deleted') }),
                  onError: (error) => toast({ title: getErrorMessage(t, error), variant: 'destructive' }),
                });
              }}
            >
              <Trash2 />
              {t('own.delete')}
            </Button>
          </>
        }
      />
    </section>
  );
}

function OthersWriteUps(props: {
  challengeId: string;
  writeUps: WriteUp[];
  /** The viewer wrote one: the others' list is then said to be empty of others, not of write-ups. */
  hasOwn: boolean;
  canModerate: boolean;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['writeUps', 'errors']);
  const setHidden = useSetWriteUpHidden(props.challengeId);
  if (props.writeUps.length === 0 && props.page === 1)
    return <p className="text-sm text-muted-foreground">{t(props.hasOwn ? 'emptyOthers' : 'empty')}</p>;

  const toggle = (writeUp: WriteUp) =>
    setHidden.mutate(
      { id: writeUp.id, isHidden: !writeUp.isHidden },
      {
        onSuccess: (result) => toast({ title: t(result.isHidden ? 'hiddenToast' : 'unhiddenToast') }),
        onError: (error) => toast({ title: getErrorMessage(t, error), variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-4">
      <div className="divide-y">
        {props.writeUps.map((writeUp) => (
          <WriteUpArticle
            key={writeUp.id}
            writeUp={writeUp}
            actions={
              props.canModerate && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={setHidden.isPending}
                  aria-label={t(writeUp.isHidden ? 'unhideLabel' : 'hideLabel', authorOf(writeUp.author.username))}
                  onClick={() => toggle(writeUp)}
                >
                  {writeUp.isHidden ? <Eye /> : <EyeOff />}
                  {t(writeUp.isHidden ? 'unhide' : 'hide')}
                </Button>
              )
            }
          />
        ))}
      </div>
      {props.pages > 1 && (
        <nav className="flex items-center justify-between gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
            {t('previous')}
          </Button>
          <span className="text-muted-foreground">{t('page', { page: props.page, pages: props.pages })}</span>
          <Button size="sm" variant="outline" disabled={props.page >= props.pages} onClick={() => props.onPage(props.page + 1)}>
            {t('next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
