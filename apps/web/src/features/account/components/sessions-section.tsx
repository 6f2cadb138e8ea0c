import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AccountSession } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/session-requests';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** What is to be ended once the user says yes: one session, or every other one. */
type Pending = { kind: 'one'; session: AccountSession } | { kind: 'others' } | null;

/**
 * /account → sessions (docs/product.md#sessions): where the account is signed in, this device marked; end one of the
 * others, or all of them, each after a confirmation. An ended device is signed out at its next request.
 */
export function SessionsSection() {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const locale = useLocale();
  const ids = useId();
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  const busy = endOne.isPending || endOthers.isPending;
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const deviceOf = (session: AccountSession) => {
    if (session.browser && session.os) return t('account:sessions.device', { browser: session.browser, os: session.os });
    return session.browser ?? session.os ?? t('account:sessions.unknownDevice');
  };
  const done = (description: string) => {
    setPending(null);
    toast({ title: t('common:success'), description });
  };
  const fail = (error: unknown) => {
    setPending(null);
    toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });
  };

  function confirm() {
    if (pending?.kind === 'one') {
      endOne.mutate(pending.session.id, { onSuccess: () => done(t('account:sessions.ended')), onError: fail });
    } else if (pending?.kind === 'others') {
      endOthers.mutate(undefined, {
        onSuccess: ({ ended }) => done(t('account:sessions.endedOthers', { count: ended })),
        onError: fail,
      });
    }
  }

  return (
    <section className="grid gap-3" aria-labelledby={`${ids}-sessions-title`}>
      <h3 id={`${ids}-sessions-title`} className="font-medium">
        {t('account:sessions.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('account:sessions.hint')}</p>
      <ul className="grid gap-2" aria-label={t('account:sessions.title')}>
        {sessions.data?.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
            <span className="grid min-w-0 gap-0.5">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {deviceOf(session)}
                {session.current && <Badge variant="emerald">{t('account:sessions.thisDevice')}</Badge>}
              </span>
              <span className="break-words text-muted-foreground">
                {t('account:sessions.address', { address: session.ipAddress ?? t('account:sessions.unknownAddress') })}
              </span>
              <span className="text-muted-foreground">
                {t('account:sessions.signedIn', { date: formatDate(session.createdAt, locale, WHEN) })}
                {session.lastUsedAt &&
                  ` · ${t('account:sessions.lastUsed', { date: formatDate(session.lastUsedAt, locale, WHEN) })}`}
                {` · ${t('account:sessions.expires', { date: formatDate(session.expiresAt, locale, WHEN) })}`}
              </span>
            </span>
            {!session.current && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={t('account:sessions.endNamed', { device: deviceOf(session) })}
                disabled={busy}
                onClick={() => setPending({ kind: 'one', session })}
              >
                {t('account:sessions.end')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={busy}
          onClick={() => setPending({ kind: 'others' })}
        >
          {t('account:sessions.endOthers')}
        </Button>
      )}
      <Dialog open={pending !== null} onOpenChange={(open) => !open && !busy && setPending(null)}>
        <DialogContent closeLabel={t('common:close')}>
          <DialogHeader>
            <DialogTitle>
              {pending?.kind === 'one'
                ? t('account:sessions.confirmOne', { device: deviceOf(pending.session) })
                : t('account:sessions.confirmOthers', { count: others.length })}
            </DialogTitle>
            <DialogDescription>{t('account:sessions.confirmEffect')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setPending(null)} disabled={busy}>
              {t('account:sessions.cancel')}
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={busy}>
              {pending?.kind === 'one' ? t('account:sessions.end') : t('account:sessions.endOthers')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
