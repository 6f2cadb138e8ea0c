import { CircleCheck, CircleX, FlaskConical } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/error-message';

import { useTestFlag } from '../api/test-flag';

/** "Would this text be accepted?" against the saved flags; nothing is recorded. */
export function TestFlagBox({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation(['authoring', 'errors']);
  const id = useId();
  const [flag, setFlag] = useState('');
  const test = useTestFlag(challengeId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (flag.trim() !== '') test.mutate(flag);
  }

  const result = test.data;
  return (
    <form onSubmit={onSubmit} className="grid gap-2 rounded-lg border border-dashed p-3" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="flex items-center gap-2 text-sm font-medium">
        <FlaskConical className="size-4" aria-hidden="true" />
        {t('testFlag.title')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={`${id}-flag`} className="sr-only">
            {t('testFlag.label')}
          </Label>
          <Input
            id={`${id}-flag`}
            value={flag}
            placeholder={t('testFlag.label')}
            onChange={(event) => {
              setFlag(event.target.value);
              test.reset();
            }}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="submit" variant="outline" disabled={test.isPending || flag.trim() === ''}>
          {t('testFlag.submit')}
        </Button>
      </div>
      <div aria-live="polite">
        {result &&
          (result.isAccepted ? (
            <p className="flex items-center gap-2 text-sm text-primary">
              <CircleCheck className="size-4" aria-hidden="true" />
              {t('testFlag.accepted')}
            </p>
          ) : (
            <p className="flex items-center gap-2 text-sm text-destructive">
              <CircleX className="size-4" aria-hidden="true" />
              {result.ownerUserId === null ? t('testFlag.refused') : t('testFlag.othersFlag', { userId: result.ownerUserId })}
            </p>
          ))}
        {test.error && <p className="text-sm text-destructive">{getErrorMessage(t, test.error)}</p>}
      </div>
    </form>
  );
}
