import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useClassLeaderboard } from '../api/student-class';
import { useClassProgress } from '../api/teacher-classes';

import { AssignmentsPanel } from './assignments-panel';
import { ClassBoard } from './class-board';
import { ProgressMatrix } from './progress-matrix';
import { displayCode, joinLinkOf } from './teacher-classes-page';

/** /teacher/classes/:id: one class's matrix, assignments and board, for its teacher and admins. */
export function ClassDetailPage({ classId, categoryName }: { classId: string; categoryName: (key: string) => string }) {
  const { t } = useTranslation(['classes', 'errors']);
  const progress = useClassProgress(classId);
  const board = useClassLeaderboard(classId);
  useDocumentTitle(progress.data?.class.name ?? t('classes:teacher.title'));

  if (progress.isPending) return <PageSpinner />;
  if (progress.error) return <ErrorNotice title={t('classes:matrix.loadFailed')} message={getErrorMessage(t, progress.error)} />;
  const klass = progress.data.class;
  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <Link to="/teacher" className="text-sm text-muted-foreground hover:underline">
          ← {t('classes:teacher.back')}
        </Link>
        <h1 className="text-2xl font-bold">{klass.name}</h1>
        <p className="text-sm text-muted-foreground">
          {t('classes:teacher.code')} <code data-testid="class-code">{displayCode(klass.code)}</code> ·{' '}
          {t('classes:teacher.members', { count: klass.memberCount })}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('classes:teacher.joinLink')} <code className="break-all">{joinLinkOf(klass.code)}</code>
        </p>
      </div>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>{t('classes:matrix.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProgressMatrix progress={progress.data} categoryName={categoryName} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('classes:assign.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <AssignmentsPanel progress={progress.data} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('classes:student.boardTitle')}</CardTitle>
          <CardDescription>{klass.name}</CardDescription>
        </CardHeader>
        <CardContent>{board.data ? <ClassBoard entries={board.data.entries} /> : <PageSpinner />}</CardContent>
      </Card>
    </div>
  );
}
