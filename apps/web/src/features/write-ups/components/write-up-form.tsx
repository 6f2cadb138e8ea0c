import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { Locale, WriteUp } from '@drapeau/shared';
import { WRITE_UP_LIMITS } from '@drapeau/shared/constants';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format-number';
import { useLocale } from '@/lib/use-locale';

import { useSaveWriteUp } from '../api/write-ups';

interface WriteUpFormProps {
  challengeId: string;
  /** The write-up being edited; none = a new one. */
  existing: WriteUp | null;
  onDone: () => void;
}

/** Writes or edits the player's write-up: language, optional title, Markdown text (docs/product.md#write-ups). */
export function WriteUpForm({ challengeId, existing, onDone }: WriteUpFormProps) {
  const { t } = useTranslation(['writeUps', 'errors']);
  const locale = useLocale();
  const [language, setLanguage] = useState<Locale>(existing?.language ?? locale);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [body, setBody] = useState(existing?.body ?? '');
  const save = useSaveWriteUp(challengeId);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { language, title: title.trim() === '' ? null : title, body },
      {
        onSuccess: () => {
          toast({ title: t(existing ? 'form.saved' : 'form.published') });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={t('own.title')}>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <div className="grid gap-2">
          <Label htmlFor="write-up-language">{t('form.languageLabel')}</Label>
          <NativeSelect id="write-up-language" value={language} onChange={(event) => setLanguage(event.target.value as Locale)}>
            {(['en', 'fr'] as const).map((option) => (
              <option key={option} value={option}>
                {t(`language.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="write-up-title">{t('form.titleLabel')}</Label>
          <Input
            id="write-up-title"
            value={title}
            maxLength={WRITE_UP_LIMITS.titleMax}
            placeholder={t('form.titlePlaceholder')}
            onChange={(event) => setTitle(event.target.value.replace(/[\r\n]/g, ' '))}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="write-up-body">{t('form.bodyLabel')}</Label>
        <Textarea
          id="write-up-body"
          value={body}
          rows={12}
          required
          minLength={WRITE_UP_LIMITS.bodyMin}
          maxLength={WRITE_UP_LIMITS.bodyMax}
          aria-describedby="write-up-body-hint"
          className="font-mono"
          onChange={(event) => setBody(event.target.value)}
        />
        <div className="flex justify-between gap-4 text-xs text-muted-foreground">
          <p id="write-up-body-hint">{t('form.bodyHint', { min: WRITE_UP_LIMITS.bodyMin })}</p>
          <p aria-live="polite" className="shrink-0 tabular-nums">
            {t('form.counter', {
              length: formatNumber(body.length, locale),
              max: formatNumber(WRITE_UP_LIMITS.bodyMax, locale),
            })}
          </p>
        </div>
      </div>
      {save.error && (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(t, save.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending || body.trim().length < WRITE_UP_LIMITS.bodyMin}>
          {t(existing ? 'form.save' : 'form.publish')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
