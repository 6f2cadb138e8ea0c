import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';
import { PASSWORD_MAX, PASSWORD_MIN } from '@drapeau/shared/constants';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

import { useChangeEmail, useChangePassword, useRequestVerification } from '../api/account-requests';

import { ApiTokensSection } from './api-tokens-section';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** Profile → account: the address and its confirmation, a change of address, a change of password, two-factor, passkeys, sessions, API tokens. */
export function AccountSecurity({ user }: { user: PublicUser }) {
  const { t } = useTranslation(['account', 'common', 'errors']);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('account:security.title')}</h2>
      </CardHeader>
      <CardContent className="grid gap-8">
        <EmailSection user={user} />
        <PasswordSection />
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
        <ApiTokensSection rank={user.rank} />
      </CardContent>
    </Card>
  );
}

function EmailSection({ user }: { user: PublicUser }) {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const ids = useId();
  const [newEmail, setNewEmail] = useState('');
  const resend = useRequestVerification();
  const change = useChangeEmail();
  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) });

  function handleChange(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(
      { newEmail: newEmail.trim() },
      {
        onSuccess: () => {
          toast({ title: t('common:success'), description: t('account:security.changeEmailSent', { email: newEmail.trim() }) });
          setNewEmail('');
        },
        onError: fail,
      },
    );
  }

  return (
    <section className="grid gap-3" aria-labelledby={`${ids}-email-title`}>
      <h3 id={`${ids}-email-title`} className="font-medium">
        {t('account:security.email')}
      </h3>
      <p className="flex flex-wrap items-center gap-2">
        <span>{user.email}</span>
        {/* The server leaves the field out while email verification is off: no badge then (docs/decisions/012-accounts.md). */}
        {user.emailVerified !== undefined && (
          <Badge variant={user.emailVerified ? 'emerald' : 'amber'}>
            {user.emailVerified ? t('account:security.verified') : t('account:security.notVerified')}
          </Badge>
        )}
        {user.emailVerified === false && user.email && (
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { email: user.email ?? '' },
                {
                  onSuccess: () => toast({ title: t('common:success'), description: t('account:security.verificationSent') }),
                  onError: fail,
                },
              )
            }
          >
            {t('account:security.resend')}
          </Button>
        )}
      </p>
      <form className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={handleChange}>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-new-email`}>{t('account:fields.newEmail')}</Label>
          <Input
            id={`${ids}-new-email`}
            type="email"
            autoComplete="email"
            required
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={change.isPending}>
          {t('account:security.changeEmail')}
        </Button>
      </form>
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation(['account', 'common', 'errors', 'auth']);
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useChangePassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next !== confirm) {
      toast({ variant: 'destructive', title: t('common:error'), description: t('auth:passwordsMismatch') });
      return;
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          toast({ title: t('common:success'), description: t('account:security.passwordChanged') });
          setCurrent('');
          setNext('');
          setConfirm('');
        },
        onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
      },
    );
  }

  const field = (name: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <div className="grid gap-2">
      <Label htmlFor={`${ids}-${name}`}>{label}</Label>
      <Input
        id={`${ids}-${name}`}
        type="password"
        autoComplete={autoComplete}
        required
        maxLength={PASSWORD_MAX}
        {...(name === 'current' ? {} : { minLength: PASSWORD_MIN })}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <section className="grid gap-3" aria-labelledby={`${ids}-password-title`}>
      <h3 id={`${ids}-password-title`} className="font-medium">
        {t('account:security.password')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('account:security.passwordHint')}</p>
      <form className="grid gap-3" onSubmit={handleSubmit}>
        {field('current', t('account:fields.currentPassword'), current, setCurrent, 'current-password')}
        {field('new', t('account:fields.newPassword'), next, setNext, 'new-password')}
        {field('confirm', t('account:fields.confirmPassword'), confirm, setConfirm, 'new-password')}
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {t('account:security.changePassword')}
        </Button>
      </form>
    </section>
  );
}
