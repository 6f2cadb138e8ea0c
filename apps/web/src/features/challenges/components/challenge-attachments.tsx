import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { PublicAttachment } from '@drapeau/shared';

import { formatBytes } from '@/lib/format-bytes';
import { useLocale } from '@/lib/use-locale';

/** The challenge's files, served to signed-in players only by the API; each link’s label is the file name (docs/product.md#challenge-detail). */
export function ChallengeAttachments({ attachments }: { attachments: PublicAttachment[] }) {
  const { t } = useTranslation('challenge');
  const locale = useLocale();
  if (attachments.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h2 className="text-sm font-medium text-muted-foreground">{t('files', { count: attachments.length })}</h2>
      <ul className="flex flex-wrap gap-2">
        {attachments.map((attachment) => (
          <li key={attachment.id} className="max-w-full">
            <a
              href={attachment.url}
              download={attachment.name}
              title={t('download', { fileName: attachment.name })}
              className="inline-flex w-fit max-w-full items-center gap-2 rounded-lg border border-primary/40 bg-primary/10 px-4 py-2.5 font-mono text-sm text-primary transition-colors outline-none hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Download className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{attachment.name}</span>
              {attachment.size !== null && (
                <span className="shrink-0 text-xs text-primary/70">{formatBytes(attachment.size, locale)}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
