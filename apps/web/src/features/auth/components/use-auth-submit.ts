import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';

import { useLogin, useVerifyTwoFactor } from '../api/login';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { useRegister } from '../api/register';

export type AuthMode = 'login' | 'register';

export interface AuthValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * Sends the auth form: checks the confirmation, calls the API, then toasts and goes to /challenges
 * (docs/product.md#auth-screen, #validation, #messages).
 */
export function useAuthSubmit(mode: AuthMode) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const login = useLogin();
  const register = useRegister();
  const verify = useVerifyTwoFactor();
  const passkey = usePasskeySignIn();
  /** Set once the password was right for an account with a second factor: the code is asked next. */
  const [needsCode, setNeedsCode] = useState(false);
  /** Set when the account is suspended: the reason and end, shown on the page. */
  const [banNotice, setBanNotice] = useState<string | null>(null);

  function showError(description: string): void {
    toast({ variant: 'destructive', title: t('common:error'), description });
  }

  async function submit(values: AuthValues): Promise<void> {
    if (mode === 'register' && values.password !== values.confirmPassword) {
      showError(t('auth:passwordsMismatch'));
      return;
    }
    try {
      if (mode === 'register') {
        await register.mutateAsync({
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
        });
      } else {
        const result = await login.mutateAsync({ email: values.email.trim(), password: values.password });
        if ('twoFactorRequired' in result) {
          setNeedsCode(true);
          return;
        }
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'USER_BANNED' && error.ban) {
        setBanNotice(getErrorMessage(t, error));
        return;
      }
      // An unreadable reply says nothing useful: fall back to the generic "Authentication failed" (docs/product.md#messages).
      const isExplained = isApiError(error) && error.code !== 'BAD_RESPONSE';
      showError(isExplained ? getErrorMessage(t, error) : t('auth:failed'));
      return;
    }
    toast({ title: t('common:success'), description: t(`auth:${mode}.success`) });
    await navigate('/challenges', { replace: true });
  }

  async function submitCode(code: string, method: 'totp' | 'backup'): Promise<void> {
    try {
      await verify.mutateAsync({ code: code.trim(), method });
    } catch (error) {
      // An expired second step (too many wrong codes, or ten minutes) starts again from the password.
      if (isApiError(error) && error.code === 'TWO_FACTOR_EXPIRED') setNeedsCode(false);
      showError(getErrorMessage(t, error));
      return;
    }
    toast({ title: t('common:success'), description: t('auth:login.success') });
    await navigate('/challenges', { replace: true });
  }

  /** Without a password, or as the second step after one: the browser's authenticator signs the server's challenge. */
  async function submitPasskey(): Promise<void> {
    try {
      await passkey.mutateAsync();
    } catch (error) {
      // The browser's own refusals (cancelled, timed out) are not the server's answer.
      showError(isApiError(error) ? getErrorMessage(t, error) : t('auth:passkey.failed'));
      return;
    }
    toast({ title: t('common:success'), description: t('auth:login.success') });
    await navigate('/challenges', { replace: true });
  }

  return {
    submit,
    submitCode,
    submitPasskey,
    needsCode,
    banNotice,
    isPending: login.isPending || register.isPending || verify.isPending || passkey.isPending,
  };
}
