import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface ChallengeDownloadProps {
  challengeId: string;
  fileName: string;
}

/**
 * The challenge file, served to signed-in users by the API; the link label is the file name
 * (docs/product.md#challenge-detail).
 */
export function ChallengeDownload({ challengeId, fileName }: ChallengeDownloadProps) {
  const { t } = useTranslation('challenge');
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-muted-foreground">{t('file')}</p>
      <a
        href={`/api/challenges/${encodeURIComponent(challengeId)}/file`}
        download={fileName}
        title={t('download', { fileName })}
        className="inline-flex w-fit max-w-full items-center gap-2 rounded-lg border border-primary/40 bg-primary/10 px-4 py-2.5 font-mono text-sm text-primary transition-colors outline-none hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Download className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{fileName}</span>
      </a>
    </div>
  );
}
