import { KeyRound } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@drapeau/shared/constants';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

import { BanNotice } from './ban-notice';
import { PasswordField } from './password-field';
import { TwoFactorStep } from './two-factor-step';
import { useAuthSubmit, type AuthMode, type AuthValues } from './use-auth-submit';

const EMPTY_VALUES: AuthValues = { username: '', email: '', password: '', confirmPassword: '' };

interface AuthFormProps {
  mode: AuthMode;
}

/** Login mode asks for email and password; register mode adds username and confirmation (docs/product.md#auth-screen). */
export function AuthForm({ mode }: AuthFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<AuthValues>(EMPTY_VALUES);
  const { submit, submitCode, submitPasskey, secondStep, banNotice, busyNotice, isPending } = useAuthSubmit(mode);
  const isRegister = mode === 'register';

  const bind = (field: keyof AuthValues) => ({
    id: `auth-${field}`,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.target.value }),
    disabled: isPending,
    required: true,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(values);
  }

  if (secondStep) {
    return (
      <TwoFactorStep
        methods={secondStep}
        isPending={isPending}
        onSubmit={(code, method) => void submitCode(code, method)}
        onPasskey={() => void submitPasskey()}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" aria-busy={isPending}>
      {banNotice && <BanNotice message={banNotice} />}
      {isRegister && (
        <div className="grid gap-2">
          <Label htmlFor="auth-username">{t('fields.username')}</Label>
          <Input
            {...bind('username')}
            autoComplete="username"
            placeholder={t('fields.usernamePlaceholder')}
            minLength={USERNAME_MIN}
            maxLength={USERNAME_MAX}
            aria-describedby="auth-username-hint"
          />
          <p id="auth-username-hint" className="text-xs text-muted-foreground">
            {t('fields.usernameHint', { min: USERNAME_MIN, max: USERNAME_MAX })}
          </p>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="auth-email">{t('fields.email')}</Label>
        <Input {...bind('email')} type="email" autoComplete="email" placeholder={t('fields.emailPlaceholder')} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="auth-password">{t('fields.password')}</Label>
        <PasswordField
          {...bind('password')}
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          maxLength={PASSWORD_MAX}
          {...(isRegister ? { minLength: PASSWORD_MIN, 'aria-describedby': 'auth-password-hint' } : {})}
        />
        {isRegister && (
          <p id="auth-password-hint" className="text-xs text-muted-foreground">
            {t('fields.passwordHint', { min: PASSWORD_MIN })}
          </p>
        )}
      </div>
      {isRegister && (
        <div className="grid gap-2">
          <Label htmlFor="auth-confirmPassword">{t('fields.confirmPassword')}</Label>
          <PasswordField {...bind('confirmPassword')} autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </div>
      )}
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isPending}>
        {isPending && <Spinner className="text-current" label={t(`${mode}.busy`)} />}
        {isPending ? t(`${mode}.busy`) : t(`${mode}.submit`)}
      </Button>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {busyNotice}
      </p>
      {!isRegister && (
        <>
          <p className="text-center text-xs text-muted-foreground uppercase">{t('passkey.or')}</p>
          <Button
            type="button"
            variant="outline"
            size="lg"
            // The French label is longer than a phone's card: it wraps instead of widening the form.
            className="h-auto min-h-11 w-full py-2 whitespace-normal"
            disabled={isPending}
            onClick={() => void submitPasskey()}
          >
            <KeyRound aria-hidden="true" />
            {t('passkey.signIn')}
          </Button>
        </>
      )}
    </form>
  );
}
