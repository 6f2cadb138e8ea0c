import { Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Connection } from '@/lib/connection';

import { Button } from './button';

function CopyableLine({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-sm"
        title={text}
      >
        {text}
      </code>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`${t('connection.copy')}: ${label}`}
        onClick={() =>
          void navigator.clipboard?.writeText(text).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          })
        }
      >
        <Copy />
        {copied ? t('connection.copied') : t('connection.copy')}
      </Button>
    </div>
  );
}

/**
 * Where a service is reached (docs/product.md "Challenge instances"), the same for a challenge's `connection_info` and
 * a running instance: the URL or `host port` to copy (a URL also opens), and the `nc` or `ssh` line to paste.
 */
export function ConnectionLine({ connection }: { connection: Connection }) {
  const { t } = useTranslation('common');
  return (
    <div className="grid gap-2" data-testid="connection-line">
      <CopyableLine text={connection.address} label={t('connection.address')} testId="connection-address" />
      {connection.command !== null && connection.command !== connection.address && (
        <CopyableLine text={connection.command} label={t('connection.command')} testId="connection-command" />
      )}
      {connection.url !== null && (
        <a
          href={connection.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('connection.open')}
        </a>
      )}
    </div>
  );
}
