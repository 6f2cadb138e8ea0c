import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkey-requests';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Profile → account → passkeys: add one (the browser's authenticator makes it), list them, remove them. */
export function PasskeysSection() {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const locale = useLocale();
  const ids = useId();
  const [name, setName] = useState('');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  // An error of the browser (cancelled, no authenticator) is not the server's: it gets its own words.
  const fail = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: t('common:error'),
      description: isApiError(error) ? getErrorMessage(t, error) : t('account:passkeys.cancelled'),
    });

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        toast({ title: t('common:success'), description: t('account:passkeys.added') });
      },
      onError: fail,
    });
  }

  return (
    <section className="grid gap-3" aria-labelledby={`${ids}-passkeys-title`}>
      <h3 id={`${ids}-passkeys-title`} className="font-medium">
        {t('account:passkeys.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('account:passkeys.hint')}</p>
      {!supported && <p className="text-sm text-muted-foreground">{t('account:passkeys.unsupported')}</p>}
      <form className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={handleAdd}>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-passkey-name`}>{t('account:passkeys.name')}</Label>
          <Input
            id={`${ids}-passkey-name`}
            required
            maxLength={64}
            placeholder={t('account:passkeys.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={add.isPending || !supported}>
          {t('account:passkeys.add')}
        </Button>
      </form>
      {passkeys.data && passkeys.data.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('account:passkeys.none')}</p>
      )}
      <ul className="grid gap-2" aria-label={t('account:passkeys.title')}>
        {passkeys.data?.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
            <span>
              <span className="font-medium">{passkey.name}</span>
              <span className="block text-muted-foreground">
                {t('account:passkeys.created', { date: formatDate(passkey.createdAt, locale, DAY) })}
              </span>
            </span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={t('account:passkeys.removeNamed', { name: passkey.name })}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(passkey.id, {
                  onSuccess: () => toast({ title: t('common:success'), description: t('account:passkeys.removed') }),
                  onError: fail,
                })
              }
            >
              {t('account:passkeys.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
