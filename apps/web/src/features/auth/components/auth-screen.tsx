import { ArrowLeft, Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

import { useSsoInfo } from '../api/sso';

import { AuthForm } from './auth-form';
import { SsoFailedNotice, SsoSignIn } from './sso-sign-in';
import type { AuthMode } from './use-auth-submit';

interface AuthScreenProps {
  mode: AuthMode;
}

/**
 * The login and register screen (docs/product.md#auth-screen). Switching mode goes to the other route; the form remounts
 * empty.
 */
export function AuthScreen({ mode }: AuthScreenProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const isRegister = mode === 'register';
  const [searchParams] = useSearchParams();
  const { data: sso } = useSsoInfo();
  // With single sign-on and local sign-up off, accounts come from the provider only (the server refuses a sign-up).
  const isSignUpClosed = sso?.enabled === true && !sso.localSignUp;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
      <Button variant="ghost" size="sm" className="self-start" onClick={() => void navigate('/')}>
        <ArrowLeft />
        {t('backHome')}
      </Button>
      <Card className="animate-pop-in">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/30">
            <Flag className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl leading-tight font-semibold">{t(`${mode}.title`)}</h1>
          <CardDescription>{t(`${mode}.subtitle`)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {!isRegister && searchParams.get('sso') === 'failed' && <SsoFailedNotice />}
          {isRegister && isSignUpClosed ? (
            <p className="text-center text-sm text-muted-foreground">{t('sso.signUpClosed')}</p>
          ) : (
            <AuthForm key={mode} mode={mode} />
          )}
          {sso?.enabled && <SsoSignIn label={sso.label} />}
          {!isRegister && (
            <Button asChild variant="link" className="h-auto justify-self-center p-0">
              <Link to="/forgot-password">{t('forgotPassword')}</Link>
            </Button>
          )}
          <p className="text-center text-sm text-muted-foreground" hidden={!isRegister && isSignUpClosed}>
            {isRegister ? t('toggle.toLoginPrompt') : t('toggle.toRegisterPrompt')}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void navigate(isRegister ? '/login' : '/register')}>
              {isRegister ? t('toggle.toLogin') : t('toggle.toRegister')}
            </Button>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
