import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CLASS_CODE_ALPHABET, CLASS_LIMITS } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

import { useClassPreview, useJoinClass } from '../api/student-class';

/** The code as the server reads it: case, spaces and dashes do not matter. */
const normalizeCode = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();
const isCodeChars = (code: string) => [...code].every((c) => CLASS_CODE_ALPHABET.includes(c));

/**
 * The code field, filled in from a join link (/join-class/<code>). A code of the wrong length or with a character no
 * code has is flagged as it is typed; a well-formed one names its class and teacher before the student joins.
 */
export function JoinClassForm({ initialCode = '' }: { initialCode?: string }) {
  const { t } = useTranslation(['classes', 'errors']);
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const join = useJoinClass();
  const normalized = normalizeCode(code);
  const isWellFormed = normalized.length === CLASS_LIMITS.codeLength && isCodeChars(normalized);
  const isMalformed = normalized.length > CLASS_LIMITS.codeLength || !isCodeChars(normalized);
  const preview = useClassPreview(isWellFormed ? normalized : null);
  const error = join.error
    ? getErrorMessage(t, join.error)
    : isWellFormed && preview.error
      ? getErrorMessage(t, preview.error)
      : null;
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
          onChange={(event) => {
            setCode(event.target.value);
            join.reset();
          }}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-describedby={`${id}-hint ${id}-length`}
          aria-invalid={error !== null || isMalformed}
          required
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('classes:student.codeHint')}
        </p>
        {normalized.length > 0 && !isWellFormed && (
          <p id={`${id}-length`} className={cn('text-xs', isMalformed ? 'text-destructive' : 'text-muted-foreground')}>
            {isCodeChars(normalized)
              ? t('classes:student.codeLength', { count: normalized.length, expected: CLASS_LIMITS.codeLength })
              : t('classes:student.codeCharacters')}
          </p>
        )}
      </div>
      {isWellFormed && preview.data && (
        <p className="text-sm" data-testid="class-preview">
          {t('classes:student.preview', { name: preview.data.name, teacher: preview.data.teacher })}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={join.isPending || !isWellFormed || preview.isError} className="justify-self-start">
        {join.isPending ? t('classes:student.joining') : t('classes:student.join')}
      </Button>
    </form>
  );
}
