import { MessageSquare, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

import { useLabAction } from '../api/run-lab-action';
import { FlagReveal } from './flag-reveal';
import { LabCard } from './lab-card';
import { LabError } from './lab-error';
import { TerminalBlock } from './terminal-block';

const LAB_ID = 'xss-filter-bypass';

/** A tiny dark document around the comment, so the preview matches the page. */
function buildPreviewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:12px;font:14px system-ui,sans-serif;color:#e5e7eb;background:#0b0f17}img{max-width:100%}</style></head><body>${html}</body></html>`;
}

/**
 * docs/product.md#in-page-labs: the server strips script tags, javascript: and onerror=, then the result is rendered as raw HTML.
 * It is rendered only in an iframe sandboxed without allow-same-origin: its scripts run in an opaque origin, away from the
 * session.
 */
export function XssFilterBypassLab() {
  const { t } = useTranslation('labs');
  const action = useLabAction(LAB_ID);
  const [comment, setComment] = useState('');
  const result = action.data;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    action.mutate({ action: 'comment', input: { html: comment } });
  }

  return (
    <LabCard labId={LAB_ID}>
      <form onSubmit={handleSubmit} className="grid gap-2">
        <Label htmlFor="xss-comment">{t(`${LAB_ID}.label`)}</Label>
        <Textarea
          id="xss-comment"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t(`${LAB_ID}.placeholder`)}
          maxLength={2000}
          spellCheck={false}
          className="font-mono"
        />
        <Button type="submit" disabled={action.isPending || comment.trim() === ''} className="w-fit">
          <MessageSquare />
          {action.isPending ? t('common.working') : t(`${LAB_ID}.submit`)}
        </Button>
      </form>
      {action.isError && <LabError error={action.error} />}
      {result && (
        <div className="grid gap-3">
          <div className="flex items-center gap-2">
            {result.ok ? (
              <Badge variant="emerald">
                <ShieldAlert />
                {t(`${LAB_ID}.bypassed`)}
              </Badge>
            ) : (
              <Badge variant="secondary">{t(`${LAB_ID}.filtered`)}</Badge>
            )}
          </div>
          <TerminalBlock label={t(`${LAB_ID}.sanitizedLabel`)}>{result.output.html || t(`${LAB_ID}.empty`)}</TerminalBlock>
          <div className="grid gap-1">
            <p className="text-xs text-muted-foreground">{t(`${LAB_ID}.previewLabel`)}</p>
            <iframe
              title={t(`${LAB_ID}.previewLabel`)}
              sandbox="allow-scripts"
              srcDoc={buildPreviewDocument(result.output.html ?? '')}
              referrerPolicy="no-referrer"
              className="h-40 w-full rounded-lg border border-border bg-[#0b0f17]"
            />
          </div>
          {result.ok && result.output.flag !== undefined && <FlagReveal flag={result.output.flag} />}
        </div>
      )}
    </LabCard>
  );
}
