import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useJoinClass } from '../api/student-class';

/** The code field, filled in from a join link (/join-class/<code>); the server says what is wrong with a code. */
export function JoinClassForm({ initialCode = '' }: { initialCode?: string }) {
  const { t } = useTranslation(['classes', 'errors']);
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const join = useJoinClass();
  const error = join.error ? getErrorMessage(t, join.error) : null;
  return (
    <form
      className="grid max-w-md gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        join.mutate(
          { code },
          { onSuccess: (data) => toast({ description: t('classes:student.joined', { name: data.class?.name ?? '' }) }) },
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-code`}>{t('classes:student.codeLabel')}</Label>
        <Input
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-describedby={`${id}-hint`}
          aria-invalid={error !== null}
          required
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('classes:student.codeHint')}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={join.isPending || code.trim() === ''} className="justify-self-start">
        {join.isPending ? t('classes:student.joining') : t('classes:student.join')}
      </Button>
    </form>
  );
}
