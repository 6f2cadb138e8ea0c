import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { AUTH_BUSY_RETRIES } from '@drapeau/shared/constants';
import type { SecondFactorMethod } from '@drapeau/shared';

import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/error-message';

import { useLogin, useVerifyTwoFactor } from '../api/login';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { useRegister } from '../api/register';

export type AuthMode = 'login' | 'register';

/**
 * A server busy with other sign-ins answers AUTH_BUSY and when to come back (docs/decisions/010-abuse-limits.md
 * "Password checks"): the form waits that long, plus up to a second so that everyone refused at once does not come back
 * at once, and sends again by itself.
 */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AuthValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The methods named by `?second-step=totp,passkey`, or null when there is no second step to show. */
function secondStepOf(value: string | null): SecondFactorMethod[] | null {
  const methods = (value ?? '').split(',').filter((m): m is SecondFactorMethod => m === 'totp' || m === 'passkey');
  return methods.length > 0 ? methods : null;
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
  const [searchParams] = useSearchParams();
  /**
   * Set once the password (or single sign-on, which comes back to `/login?second-step=…`) was right for an account with
   * a second factor: that step comes next, with the account's methods.
   */
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(() =>
    mode === 'login' ? secondStepOf(searchParams.get('second-step')) : null,
  );
  /** Set when the account is suspended: the reason and end, shown on the page. */
  const [banNotice, setBanNotice] = useState<string | null>(null);
  /** Set while the form waits out a busy server before sending again: the seconds announced. */
  const [busySeconds, setBusySeconds] = useState<number | null>(null);

  function showError(description: string): void {
    toast({ variant: 'destructive', title: t('common:error'), description });
  }

  async function submit(values: AuthValues, busyRetries = AUTH_BUSY_RETRIES): Promise<void> {
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
          setSecondStep(result.methods);
          return;
        }
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'AUTH_BUSY' && busyRetries > 0) {
        const seconds = error.retryAfterSeconds ?? 5;
        setBusySeconds(seconds);
        await wait(seconds * 1000 + Math.random() * 1000);
        setBusySeconds(null);
        return submit(values, busyRetries - 1);
      }
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
      if (isApiError(error) && error.code === 'TWO_FACTOR_EXPIRED') setSecondStep(null);
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
    secondStep,
    banNotice,
    busyNotice: busySeconds === null ? null : t('auth:busyRetry', { seconds: busySeconds }),
    isPending: login.isPending || register.isPending || verify.isPending || passkey.isPending || busySeconds !== null,
  };
}
