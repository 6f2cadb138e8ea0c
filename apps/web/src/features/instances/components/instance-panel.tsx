import { Play, Server, Square, TimerReset } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConnectionLine } from '@/components/ui/connection-line';
import { isApiError } from '@/lib/api-error';
import { connectionFromEndpoint } from '@/lib/connection';
import { getErrorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date-time';

import { useInstance, useInstanceActions } from '../api/instance';

/** The time, moved on every `everyMs` (15 s for the minutes left, 1 s while a start is under way). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The challenge's service, when it has one (docs/product.md "Challenge instances"): Start, then the endpoint to copy, the
 * time left, Extend and Stop. Renders nothing for a challenge without a service.
 */
export function InstancePanel({ challengeId }: { challengeId: string }) {
  const { t, i18n } = useTranslation(['instances', 'errors']);
  const { data } = useInstance(challengeId);
  const { start, extend, stop } = useInstanceActions(challengeId);
  const instance = data?.instance ?? null;
  const now = useNow(start.isPending ? 1000 : 15_000);
  // A start answers once the service answers (docs/product.md "Challenge instances"): seconds, said as they pass.
  const startingFor = Math.max(0, Math.floor((now - start.submittedAt) / 1000));
  const minutesLeft = instance ? Math.max(0, Math.ceil((new Date(instance.expiresAt).getTime() - now) / 60_000)) : 0;
  if (!data) return null;
  const failed = start.error ?? extend.error ?? stop.error;
  const busy = start.isPending || extend.isPending || stop.isPending;
  const endpoint = instance?.endpoint ?? null;

  return (
    <Card data-testid="instance-panel" className="border-primary/30">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Server className="size-4 text-primary" aria-hidden="true" />
          {t('title')}
        </CardTitle>
        <CardDescription>{data.enabled ? t('intro', { minutes: data.service.lifetimeMinutes }) : t('disabled')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {instance && endpoint ? (
          <>
            <ConnectionLine connection={connectionFromEndpoint(endpoint)} />
            <p className="text-sm text-muted-foreground">{t('timeLeft', { count: minutesLeft })}</p>
            <div className="flex flex-wrap gap-2">
              {instance.extendable && (
                <Button type="button" variant="outline" disabled={busy} onClick={() => extend.mutate()}>
                  <TimerReset />
                  {t('extend')}
                </Button>
              )}
              {instance.scope !== 'shared' && (
                <Button type="button" variant="outline" disabled={busy} onClick={() => stop.mutate()}>
                  <Square />
                  {t('stop')}
                </Button>
              )}
            </div>
          </>
        ) : (
          data.enabled && (
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" className="w-fit" disabled={busy} onClick={() => start.mutate()}>
                <Play />
                {start.isPending ? t('starting') : t('start')}
              </Button>
              <p role="status" className="text-sm text-muted-foreground empty:hidden">
                {start.isPending ? t('startingFor', { count: startingFor }) : ''}
              </p>
            </div>
          )
        )}
        {failed && (
          <p role="alert" className="text-sm text-destructive">
            {isApiError(failed) && failed.code === 'INSTANCES_FULL' && failed.retryAfterSeconds !== undefined
              ? t('fullUntil', {
                  time: formatDate(now + failed.retryAfterSeconds * 1000, i18n.language, { hour: '2-digit', minute: '2-digit' }),
                })
              : getErrorMessage(t, failed)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
