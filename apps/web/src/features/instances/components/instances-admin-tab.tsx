import { Square, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminInstance } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConnectionLine } from '@/components/ui/connection-line';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { connectionFromEndpoint } from '@/lib/connection';
import { getErrorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date-time';

import { useAdminInstances, useStopInstances } from '../api/admin-instances';

/** What the confirmation is about: one instance, or all of them. */
type Stopping = { kind: 'one'; instance: AdminInstance } | { kind: 'all'; count: number } | null;

/**
 * The running challenge instances (docs/product.md "Challenge instances"), in the admin panel's event section: owner,
 * challenge, started, expires, endpoint; stop one or all, each after a confirmation (and audited by the server).
 */
export function InstancesAdminTab() {
  const { t, i18n } = useTranslation(['instances', 'common', 'errors']);
  const { data, error, isPending } = useAdminInstances();
  const { stopOne, stopAll } = useStopInstances();
  const [stopping, setStopping] = useState<Stopping>(null);
  const time = (iso: string) =>
    formatDate(iso, i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const ownerOf = (instance: AdminInstance) =>
    instance.owner.kind === 'everybody'
      ? t('instances:admin.everybody')
      : `${instance.owner.name ?? instance.owner.id ?? ''} (${t(`instances:admin.owner.${instance.owner.kind}`)})`;
  const busy = stopOne.isPending || stopAll.isPending;
  const failed = stopOne.error ?? stopAll.error;

  function confirm() {
    if (!stopping) return;
    const done = { onSettled: () => setStopping(null) };
    if (stopping.kind === 'one') stopOne.mutate(stopping.instance.id, done);
    else stopAll.mutate(undefined, done);
  }

  const instances = data?.instances ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t('instances:admin.title')}</CardTitle>
          <CardDescription>{t('instances:admin.description')}</CardDescription>
        </div>
        <Button
          variant="destructive"
          disabled={busy || instances.length === 0}
          onClick={() => setStopping({ kind: 'all', count: instances.length })}
        >
          <Square />
          {t('instances:admin.stopAll')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending && <Spinner label={t('common:loading')} />}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(t, error)}
          </p>
        )}
        {failed && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(t, failed)}
          </p>
        )}
        {data && (data.isolation === 'missing' || data.isolation === 'unknown') && (
          <p
            role="status"
            data-testid="isolation-status"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            {t(`instances:admin.isolation.${data.isolation}`)}
          </p>
        )}
        {data && instances.length === 0 && <p className="text-sm text-muted-foreground">{t('instances:admin.none')}</p>}
        <ul className="grid gap-3" aria-label={t('instances:admin.title')}>
          {instances.map((instance) => (
            <li key={instance.id} className="grid gap-3 rounded-lg border p-3" data-testid="admin-instance">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">{t('instances:admin.challenge')}</dt>
                  <dd className="truncate font-medium">{instance.challengeId}</dd>
                  <dt className="text-muted-foreground">{t('instances:admin.ownerLabel')}</dt>
                  <dd className="truncate">{ownerOf(instance)}</dd>
                  <dt className="text-muted-foreground">{t('instances:admin.started')}</dt>
                  <dd>{time(instance.startedAt)}</dd>
                  <dt className="text-muted-foreground">{t('instances:admin.expires')}</dt>
                  <dd>{time(instance.expiresAt)}</dd>
                </dl>
                <Button variant="outline" size="sm" disabled={busy} onClick={() => setStopping({ kind: 'one', instance })}>
                  <Square />
                  {t('instances:stop')}
                </Button>
              </div>
              {instance.endpoint ? (
                <ConnectionLine connection={connectionFromEndpoint(instance.endpoint)} />
              ) : (
                <p className="text-sm text-muted-foreground">{t('instances:starting')}</p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
      <Dialog open={stopping !== null} onOpenChange={(isOpen) => !isOpen && !busy && setStopping(null)}>
        <DialogContent closeLabel={t('common:close')} role="alertdialog">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <TriangleAlert className="size-5 text-destructive" aria-hidden="true" />
              {stopping?.kind === 'all' ? t('instances:admin.stopAll') : t('instances:admin.stopOne')}
            </DialogTitle>
            <DialogDescription>
              {stopping?.kind === 'all'
                ? t('instances:admin.confirmAll', { count: stopping.count })
                : t('instances:admin.confirmOne', {
                    challenge: stopping?.instance.challengeId ?? '',
                    owner: stopping ? ownerOf(stopping.instance) : '',
                  })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setStopping(null)} disabled={busy}>
              {t('instances:admin.cancel')}
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={busy}>
              {busy && <Spinner className="text-current" />}
              {t('instances:admin.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
