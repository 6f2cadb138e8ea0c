import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

import { useStartSso } from '../api/sso';

/** The single sign-on button (docs/product.md#auth-screen): to the organisation's provider, then back signed in. */
export function SsoSignIn({ label }: { label: string }) {
  const { t } = useTranslation('auth');
  const start = useStartSso();
  const name = label === '' ? t('sso.defaultLabel') : label;
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={start.isPending || start.isSuccess}
      onClick={() => start.mutate()}
    >
      {start.isPending ? <Spinner className="text-current" label={t('sso.busy')} /> : <LogIn aria-hidden="true" />}
      {t('sso.signIn', { name })}
    </Button>
  );
}

/** Shown on the sign-in page when the provider sent the player back without a session (`/login?sso=failed`). */
export function SsoFailedNotice() {
  const { t } = useTranslation('auth');
  return (
    <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive">
      {t('sso.failed')}
    </p>
  );
}
