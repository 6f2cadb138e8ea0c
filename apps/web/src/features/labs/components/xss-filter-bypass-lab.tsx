import { MessageSquare, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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

/** The server's preview page (its own sandboxed origin and CSP); the comment rides in the fragment, never sent. */
function previewUrl(html: string): string {
  const bytes = new TextEncoder().encode(html);
  const base64 = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
  return `/api/challenges/${LAB_ID}/lab/preview#${base64.replaceAll('+', '-').replaceAll('/', '_')}`;
}

/**
 * docs/product.md#in-page-labs: the server strips script tags, javascript: and onerror=, then judges whether what is left would run. The result
 * is rendered by the server's preview page, in an iframe sandboxed without allow-same-origin, whose own CSP lets the
 * payload run (and cannot reach the session or the API); the page reports alert() and friends back here.
 */
export function XssFilterBypassLab() {
  const { t } = useTranslation('labs');
  const action = useLabAction(LAB_ID);
  const [comment, setComment] = useState('');
  const [fired, setFired] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const result = action.data;

  useEffect(() => {
    function handleMessage(event: MessageEvent) {
      if (event.source === null || event.source !== frame.current?.contentWindow) return;
      const data: unknown = event.data;
      if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'drapeau-xss-fired' && 'text' in data) {
        setFired(String(data.text).slice(0, 200));
      }
    }
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFired(null);
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
              <Badge variant="secondary">
                {t(`${LAB_ID}.${result.code === 'needs-interaction' ? 'needs-interaction' : 'filtered'}`)}
              </Badge>
            )}
          </div>
          {result.output.reason !== undefined && (
            <p className="text-sm text-muted-foreground">{t(`${LAB_ID}.reason`, { reason: result.output.reason })}</p>
          )}
          <TerminalBlock label={t(`${LAB_ID}.sanitizedLabel`)}>{result.output.html || t(`${LAB_ID}.empty`)}</TerminalBlock>
          <div className="grid gap-1">
            <p className="text-xs text-muted-foreground">{t(`${LAB_ID}.previewLabel`)}</p>
            <iframe
              key={action.submittedAt}
              ref={frame}
              title={t(`${LAB_ID}.previewLabel`)}
              sandbox="allow-scripts allow-modals"
              src={previewUrl(result.output.html ?? '')}
              referrerPolicy="no-referrer"
              className="h-40 w-full rounded-lg border border-border bg-[#0b0f17]"
            />
            {fired !== null && (
              <p role="status" className="font-mono text-xs text-primary">
                {t(`${LAB_ID}.fired`, { call: fired })}
              </p>
            )}
          </div>
          {result.ok && result.output.flag !== undefined && <FlagReveal flag={result.output.flag} />}
        </div>
      )}
    </LabCard>
  );
}
