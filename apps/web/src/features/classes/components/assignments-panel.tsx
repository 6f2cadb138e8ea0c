import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ClassProgress } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { fromLocalInput } from '@/lib/datetime-local';
import { getErrorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { useCreateAssignment, useDeleteAssignment } from '../api/teacher-classes';

/** A class's assignments, and a new one: a title, a due date and a set of challenges. */
export function AssignmentsPanel({ progress }: { progress: ClassProgress }) {
  const { t } = useTranslation(['classes', 'common', 'errors']);
  const locale = useLocale();
  const id = useId();
  const [title, setTitle] = useState('');
  const [dueAt, setDueAt] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const create = useCreateAssignment();
  const remove = useDeleteAssignment();
  const titleOf = new Map(progress.challenges.map((c) => [c.id, c.title[locale]]));
  const due = fromLocalInput(dueAt);
  const onError = (error: unknown) =>
    toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });

  return (
    <div className="grid gap-4">
      {progress.assignments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('classes:assign.none')}</p>
      ) : (
        <ul className="divide-y divide-border/60">
          {progress.assignments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
              <span>
                <span className="font-semibold">{a.title}</span> ·{' '}
                {t('classes:student.due', { date: formatDateTime(a.dueAt, locale) })}
                <span className="block text-muted-foreground">{a.challengeIds.map((c) => titleOf.get(c) ?? c).join(', ')}</span>
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  remove.mutate(
                    { id: progress.class.id, assignmentId: a.id },
                    { onSuccess: () => toast({ description: t('classes:assign.removed') }), onError },
                  )
                }
              >
                {t('classes:assign.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!due || picked.length === 0) return;
          create.mutate(
            { id: progress.class.id, title, dueAt: due, challengeIds: picked },
            {
              onSuccess: () => {
                setTitle('');
                setPicked([]);
                toast({ description: t('classes:assign.created') });
              },
              onError,
            },
          );
        }}
      >
        <h3 className="font-semibold">{t('classes:assign.newTitle')}</h3>
        <div className="grid gap-3 md:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-title`}>{t('classes:assign.name')}</Label>
            <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-due`}>{t('classes:assign.dueAt')}</Label>
            <Input id={`${id}-due`} type="datetime-local" value={dueAt} onChange={(e) => setDueAt(e.target.value)} required />
          </div>
        </div>
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium">{t('classes:assign.challenges')}</legend>
          <div className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-border/60 p-2 md:grid-cols-2">
            {progress.challenges.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="challenges"
                  value={c.id}
                  checked={picked.includes(c.id)}
                  onChange={(e) => setPicked((p) => (e.target.checked ? [...p, c.id] : p.filter((x) => x !== c.id)))}
                />
                {c.title[locale]}
              </label>
            ))}
          </div>
        </fieldset>
        {(picked.length === 0 || !due) && <p className="text-xs text-muted-foreground">{t('classes:assign.pickOne')}</p>}
        <Button
          type="submit"
          className="justify-self-start"
          disabled={create.isPending || picked.length === 0 || !due || title.trim() === ''}
        >
          {t('classes:assign.create')}
        </Button>
      </form>
    </div>
  );
}
