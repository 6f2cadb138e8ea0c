import { Flag, Send } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

import { useFlagForm } from './use-flag-form';

interface FlagFormProps {
  challengeId: string;
  isSolved: boolean;
  /** Closed, or no attempts left: nothing can be sent. */
  isReadOnly?: boolean;
  /** Shown under the form (attempts left). */
  footer?: ReactNode;
}

/**
 * docs/product.md#challenge-detail: the flag is trimmed and must not be blank; nothing can be sent once the challenge is
 * solved, closed or out of attempts.
 */
export function FlagForm({ challengeId, isSolved, isReadOnly = false, footer }: FlagFormProps) {
  const { t } = useTranslation('challenge');
  const [flag, setFlag] = useState('');
  const { submit, isPending } = useFlagForm(challengeId);
  const trimmed = flag.trim();
  const isLocked = isSolved || isReadOnly;
  const canSubmit = !isPending && !isLocked && trimmed !== '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const isCorrect = await submit(trimmed);
    if (isCorrect) setFlag('');
  }

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Flag className="size-4 text-primary" aria-hidden="true" />
          {t('flag.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-3 sm:flex-row">
          <Label htmlFor="flag-input" className="sr-only">
            {t('flag.label')}
          </Label>
          <Input
            id="flag-input"
            name="flag"
            value={flag}
            onChange={(event) => setFlag(event.target.value)}
            placeholder={t('flag.placeholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            disabled={isLocked || isPending}
            className="font-mono"
          />
          <Button type="submit" disabled={!canSubmit} className="sm:w-36">
            {isPending ? <Spinner className="text-current" label={t('flag.submitting')} /> : <Send />}
            {isPending ? t('flag.submitting') : t('flag.submit')}
          </Button>
        </form>
        {footer && <div className="mt-3">{footer}</div>}
      </CardContent>
    </Card>
  );
}
