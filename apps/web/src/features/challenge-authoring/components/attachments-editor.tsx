import { Download, Replace, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminAttachment } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/error-message';
import { formatBytes } from '@/lib/format-bytes';
import { useLocale } from '@/lib/use-locale';

import { useRemoveAttachment, useUploadAttachment } from '../api/attachments';

interface AttachmentsEditorProps {
  challengeId: string;
  attachments: AdminAttachment[];
}

/** Upload, replace and remove files; each shows its size and SHA-256, which players can check a download against. */
export function AttachmentsEditor({ challengeId, attachments }: AttachmentsEditorProps) {
  const { t } = useTranslation(['authoring', 'errors']);
  const locale = useLocale();
  const id = useId();
  const upload = useUploadAttachment(challengeId);
  const remove = useRemoveAttachment(challengeId);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replaceId, setReplaceId] = useState<number | null>(null);
  const error = upload.error ?? remove.error;

  function onFile(event: ChangeEvent<HTMLInputElement>, target?: number) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(target === undefined ? { file } : { file, replaceId: target });
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">{t('attachments.title')}</legend>
      {attachments.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t('attachments.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {attachments.map((attachment) => (
            <li key={attachment.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border p-3">
              <div className="min-w-0 flex-1 basis-64">
                <p className="truncate font-mono text-sm">{attachment.name}</p>
                <p className="text-xs text-muted-foreground">
                  {attachment.size === null
                    ? t('attachments.generated')
                    : t('attachments.size', { size: formatBytes(attachment.size, locale) })}
                </p>
                {attachment.sha256 !== null && (
                  <p className="font-mono text-xs break-all text-muted-foreground">SHA-256 {attachment.sha256}</p>
                )}
              </div>
              <Button asChild variant="ghost" size="icon">
                <a
                  href={attachment.url}
                  download={attachment.name}
                  aria-label={t('attachments.download', { name: attachment.name })}
                >
                  <Download />
                </a>
              </Button>
              {attachment.generator === null && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('attachments.replace', { name: attachment.name })}
                  disabled={upload.isPending}
                  onClick={() => {
                    setReplaceId(attachment.id);
                    replaceInput.current?.click();
                  }}
                >
                  <Replace />
                </Button>
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('attachments.remove', { name: attachment.name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(attachment.id)}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={replaceInput}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => onFile(event, replaceId ?? undefined)}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-upload`} className="inline-flex items-center gap-2">
          <Upload className="size-4" aria-hidden="true" />
          {t('attachments.upload')}
        </Label>
        <input
          id={`${id}-upload`}
          type="file"
          disabled={upload.isPending}
          onChange={(event) => onFile(event)}
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-secondary file:px-3 file:py-1.5 file:text-secondary-foreground"
        />
      </div>
      {upload.isPending && <p className="text-xs text-muted-foreground">{t('attachments.uploading')}</p>}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(t, error)}
        </p>
      )}
    </fieldset>
  );
}
