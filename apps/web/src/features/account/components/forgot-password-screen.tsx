import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useRequestPasswordReset } from '../api/account-requests';

import { AccountScreen } from './account-screen';

/** Asks for a reset link. The answer is the same whether or not an account uses the address. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation(['account', 'errors']);
  useDocumentTitle(t('account:forgot.title'));
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  }

  return (
    <AccountScreen title={t('account:forgot.title')} subtitle={t('account:forgot.subtitle')}>
      {request.isSuccess ? (
        <p role="status" className="text-center">
          {t('account:forgot.sent')}
        </p>
      ) : (
        <form className="grid gap-4" onSubmit={handleSubmit}>
          <div className="grid gap-2">
            <Label htmlFor="forgot-email">{t('account:fields.email')}</Label>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          {request.isError && (
            <p role="alert" className="text-sm text-destructive">
              {getErrorMessage(t, request.error)}
            </p>
          )}
          <Button type="submit" size="lg" disabled={request.isPending}>
            {t('account:forgot.submit')}
          </Button>
        </form>
      )}
      <Button asChild variant="link">
        <Link to="/login">{t('account:backToLogin')}</Link>
      </Button>
    </AccountScreen>
  );
}
