import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { TeacherClass } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useDeleteClass, useRegenerateCode, useTaughtClasses, useUpdateClass } from '../api/teacher-classes';

import { CreateClassForm } from './create-class-form';

/** The code as shown: two groups of five, easier to read aloud (the server ignores the space). */
export const displayCode = (code: string) => code.replace(/(.{5})(?=.)/g, '$1 ');

/** The link a teacher hands out: it opens the join page with the code filled in and the class named. */
export const joinLinkOf = (code: string) => `${window.location.origin}/join-class/${code}`;

function ClassItem({ klass }: { klass: TeacherClass }) {
  const { t } = useTranslation(['classes', 'common', 'errors']);
  const regenerate = useRegenerateCode();
  const update = useUpdateClass();
  const remove = useDeleteClass();
  const onError = (error: unknown) =>
    toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });
  const joinLink = joinLinkOf(klass.code);
  const [name, setName] = useState(klass.name);
  return (
    <li className="grid gap-2 py-4" aria-label={klass.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/teacher/classes/${klass.id}`} className="text-lg font-semibold hover:underline">
          {klass.name}
        </Link>
        <span className="text-sm text-muted-foreground">
          {t('classes:teacher.members', { count: klass.memberCount })}
          {klass.isArchived && ` · ${t('classes:teacher.archived')}`}
        </span>
      </div>
      <p className="text-sm">
        {t('classes:teacher.code')} <code data-testid="class-code">{displayCode(klass.code)}</code> ·{' '}
        {t('classes:teacher.joinLink')} <code className="break-all">{joinLink}</code>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" asChild>
          <Link to={`/teacher/classes/${klass.id}`}>{t('classes:teacher.open')}</Link>
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            regenerate.mutate(klass.id, { onSuccess: () => toast({ description: t('classes:teacher.regenerated') }), onError })
          }
        >
          {t('classes:teacher.regenerate')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => update.mutate({ id: klass.id, isArchived: !klass.isArchived }, { onError })}
        >
          {klass.isArchived ? t('classes:teacher.restore') : t('classes:teacher.archive')}
        </Button>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: klass.id, name }, { onError });
          }}
        >
          <Input
            name="class-name"
            aria-label={t('classes:teacher.renamePrompt')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            className="h-8 w-48"
            required
          />
          <Button type="submit" size="sm" variant="outline" disabled={name.trim() === '' || name.trim() === klass.name}>
            {t('classes:teacher.rename')}
          </Button>
        </form>
        <Button
          size="sm"
          variant="destructive"
          onClick={() => {
            if (!window.confirm(t('classes:teacher.deleteConfirm', { name: klass.name }))) return;
            remove.mutate(klass.id, { onSuccess: () => toast({ description: t('classes:teacher.deleted') }), onError });
          }}
        >
          {t('classes:teacher.delete')}
        </Button>
      </div>
    </li>
  );
}

/** /teacher (docs/product.md#classes): a teacher's classes (every class for admins), and a new one. */
export function TeacherClassesPage() {
  const { t } = useTranslation(['classes', 'errors']);
  useDocumentTitle(t('classes:teacher.title'));
  const classes = useTaughtClasses();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('classes:teacher.title')}</h1>
        <p className="text-muted-foreground">{t('classes:teacher.description')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('classes:teacher.createTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <CreateClassForm />
        </CardContent>
      </Card>
      {classes.isPending ? (
        <PageSpinner />
      ) : classes.error ? (
        <ErrorNotice title={t('classes:teacher.loadFailed')} message={getErrorMessage(t, classes.error)} />
      ) : classes.data.classes.length === 0 ? (
        <p className="text-muted-foreground">{t('classes:teacher.none')}</p>
      ) : (
        <ul className="divide-y divide-border/60">
          {classes.data.classes.map((klass) => (
            <ClassItem key={klass.id} klass={klass} />
          ))}
        </ul>
      )}
    </div>
  );
}
