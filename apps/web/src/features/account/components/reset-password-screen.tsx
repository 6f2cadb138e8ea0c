import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { PASSWORD_MAX, PASSWORD_MIN } from '@drapeau/shared/constants';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useResetPassword } from '../api/account-requests';

import { AccountScreen } from './account-screen';

/**
 * The page of a reset link. Opening it uses nothing: the token goes to the server only with the new password, when the
 * user presses the button, so that a mail scanner following the link cannot consume it.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation(['account', 'errors', 'auth']);
  useDocumentTitle(t('account:reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useResetPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    reset.mutate({ token, newPassword: password });
  }

  if (reset.isSuccess) {
    return (
      <AccountScreen title={t('account:reset.title')} subtitle={t('account:reset.done')}>
        <Button asChild size="lg">
          <Link to="/login">{t('account:backToLogin')}</Link>
        </Button>
      </AccountScreen>
    );
  }

  return (
    <AccountScreen title={t('account:reset.title')} subtitle={t('account:reset.subtitle')}>
      <form className="grid gap-4" onSubmit={handleSubmit}>
        <div className="grid gap-2">
          <Label htmlFor="reset-password">{t('account:fields.newPassword')}</Label>
          <Input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reset-confirm">{t('account:fields.confirmPassword')}</Label>
          <Input
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </div>
        {(mismatch || reset.isError) && (
          <p role="alert" className="text-sm text-destructive">
            {mismatch ? t('auth:passwordsMismatch') : getErrorMessage(t, reset.error)}
          </p>
        )}
        <Button type="submit" size="lg" disabled={reset.isPending || token === ''}>
          {t('account:reset.submit')}
        </Button>
      </form>
    </AccountScreen>
  );
}
