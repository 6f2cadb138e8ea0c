import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { fromLocalInput } from '@/lib/datetime-local';
import { getErrorMessage } from '@/lib/error-message';

import { useCreateClass } from '../api/teacher-classes';

/** A name and optional dates: students may join between them. */
export function CreateClassForm() {
  const { t } = useTranslation(['classes', 'errors']);
  const id = useId();
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const create = useCreateClass();
  return (
    <form
      className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { name, startsAt: fromLocalInput(startsAt), endsAt: fromLocalInput(endsAt) },
          {
            onSuccess: () => {
              setName('');
              toast({ description: t('classes:teacher.created') });
            },
          },
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t('classes:teacher.name')}</Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-start`}>{t('classes:teacher.startsAt')}</Label>
        <Input id={`${id}-start`} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-end`}>{t('classes:teacher.endsAt')}</Label>
        <Input id={`${id}-end`} type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
      </div>
      <Button type="submit" disabled={create.isPending || name.trim() === ''}>
        {t('classes:teacher.create')}
      </Button>
      {create.error && (
        <p role="alert" className="text-sm text-destructive md:col-span-4">
          {getErrorMessage(t, create.error)}
        </p>
      )}
    </form>
  );
}
