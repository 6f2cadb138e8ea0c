import { Ban } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { BAN_REASON_MAX, type BanUserBody, type PublicUser } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { toLocalInput } from '@/lib/datetime-local';
import { getErrorMessage } from '@/lib/error-message';

import { useBanUser } from '../api/ban-user';

type BanFormError = 'reasonRequired' | 'untilPast';

/** The body to send, or what is wrong with the form (the server checks the same: a reason, an end in the future). */
export function buildBanBody(reason: string, until: string, now: Date): BanUserBody | BanFormError {
  const trimmed = reason.trim();
  if (trimmed === '') return 'reasonRequired';
  if (until === '') return { reason: trimmed };
  const end = new Date(until);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) return 'untilPast';
  return { reason: trimmed, until: end.toISOString() };
}

/** Suspend an account (issue #16.6): a reason the player reads at sign-in, and an optional end; audited on the server. */
export function BanUserDialog({ user, onClose }: { user: PublicUser | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel={t('common:close')}>
        {/* Keyed by user: an empty form each time the dialog opens. */}
        {user && <BanUserForm key={user.uid} user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function BanUserForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const id = useId();
  const ban = useBanUser();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<BanFormError | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = buildBanBody(reason, until, new Date());
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setError(null);
    ban.mutate(
      { userId: user.uid, body },
      {
        onSuccess: () => {
          toast({ title: t('common:success'), description: t('admin:ban.success', { name: user.username }) });
          onDone();
        },
        onError: (failure) =>
          toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, failure) }),
      },
    );
  }

  const reasonError = error === 'reasonRequired';
  const untilError = error === 'untilPast';
  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <Ban className="size-5 text-destructive" aria-hidden="true" />
          {t('admin:ban.title')}
        </DialogTitle>
        <DialogDescription>{t('admin:ban.description', { name: user.username })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>{t('admin:ban.reason')}</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={BAN_REASON_MAX}
          rows={3}
          required
          aria-invalid={reasonError}
          aria-describedby={`${id}-reason-hint`}
        />
        <p id={`${id}-reason-hint`} className={reasonError ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {reasonError ? t('admin:ban.reasonRequired') : t('admin:ban.reasonHint')}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-until`}>{t('admin:ban.until')}</Label>
        <Input
          id={`${id}-until`}
          type="datetime-local"
          value={until}
          min={toLocalInput(new Date().toISOString())}
          onChange={(event) => setUntil(event.target.value)}
          aria-invalid={untilError}
          aria-describedby={`${id}-until-hint`}
        />
        <p id={`${id}-until-hint`} className={untilError ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {untilError ? t('admin:ban.untilPast') : t('admin:ban.untilHint')}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('admin:cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={ban.isPending}>
          {ban.isPending && <Spinner className="text-current" label={t('admin:ban.submitting')} />}
          {ban.isPending ? t('admin:ban.submitting') : t('admin:ban.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
