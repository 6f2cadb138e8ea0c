import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Assignment } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';

import { useClassLeaderboard, useLeaveClass, useMyClass } from '../api/student-class';

import { ClassBoard } from './class-board';
import { JoinClassForm } from './join-class-form';

function AssignmentItem({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation('classes');
  const locale = useLocale();
  const done = assignment.challenges.filter((c) => c.isDone).length;
  return (
    <li className="grid gap-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{assignment.title}</span>
        <span className="text-sm text-muted-foreground">
          {t('student.due', { date: formatDateTime(assignment.dueAt, locale) })} ·{' '}
          {t('student.progress', { done, total: assignment.challenges.length })}
        </span>
      </div>
      <ul className="grid gap-1 text-sm">
        {assignment.challenges.map((challenge) => (
          <li key={challenge.id} className="flex items-center gap-2">
            {challenge.isDone ? (
              <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
            ) : (
              <Circle className="size-4 text-muted-foreground" aria-hidden="true" />
            )}
            <Link to={`/challenge/${encodeURIComponent(challenge.id)}`} className="hover:underline">
              {challenge.title[locale]}
            </Link>
            <span className="sr-only">{challenge.isDone ? t('student.done') : t('student.notDone')}</span>
            <span aria-hidden="true" className="text-xs text-muted-foreground">
              {challenge.isDone ? t('student.done') : t('student.notDone')}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** /class and /join-class/:code (docs/product.md#classes): join a class, or see one's class, its board and assignments. */
export function StudentClassPage({ initialCode, currentUserId }: { initialCode?: string; currentUserId?: string }) {
  const { t } = useTranslation(['classes', 'common', 'errors']);
  useDocumentTitle(t('classes:student.title'));
  const locale = useLocale();
  const mine = useMyClass();
  const board = useClassLeaderboard(mine.data?.class?.id);
  const leave = useLeaveClass();

  if (mine.isPending) return <PageSpinner />;
  if (mine.error) return <ErrorNotice title={t('classes:student.loadFailed')} message={getErrorMessage(t, mine.error)} />;
  const klass = mine.data.class;
  const dateOf = (iso: string | null) => (iso ? formatDateTime(iso, locale) : t('classes:student.noDate'));

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <h1 className="text-2xl font-bold">{t('classes:student.title')}</h1>
      {klass === null ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('classes:student.joinTitle')}</CardTitle>
            <CardDescription>{t('classes:student.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <JoinClassForm initialCode={initialCode ?? ''} />
          </CardContent>
        </Card>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{klass.name}</CardTitle>
              <CardDescription>
                {t('classes:student.teacher', { name: klass.teacher })}
                {(klass.startsAt ?? klass.endsAt) &&
                  ` · ${t('classes:student.dates', { start: dateOf(klass.startsAt), end: dateOf(klass.endsAt) })}`}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <h2 className="mb-2 font-semibold">{t('classes:student.assignmentsTitle')}</h2>
              {mine.data.assignments.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('classes:student.noAssignments')}</p>
              ) : (
                <ul className="divide-y divide-border/60">
                  {mine.data.assignments.map((assignment) => (
                    <AssignmentItem key={assignment.id} assignment={assignment} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('classes:student.boardTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              {board.data ? <ClassBoard entries={board.data.entries} currentUserId={currentUserId} /> : <PageSpinner />}
            </CardContent>
          </Card>
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={leave.isPending}
            onClick={() =>
              leave.mutate(undefined, {
                onSuccess: () => toast({ description: t('classes:student.left') }),
                onError: (error) =>
                  toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
              })
            }
          >
            {t('classes:student.leave')}
          </Button>
        </>
      )}
    </div>
  );
}
