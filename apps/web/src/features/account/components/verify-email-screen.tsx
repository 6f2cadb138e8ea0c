import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useVerifyEmail } from '../api/account-requests';

import { AccountScreen } from './account-screen';

/** The page of a confirmation link (new account or new address): the address is confirmed when the button is pressed. */
export function VerifyEmailScreen() {
  const { t } = useTranslation(['account', 'errors']);
  useDocumentTitle(t('account:verify.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();

  return (
    <AccountScreen
      title={t('account:verify.title')}
      subtitle={verify.isSuccess ? t('account:verify.done') : t('account:verify.subtitle')}
    >
      {verify.isSuccess ? (
        <Button asChild size="lg">
          <Link to="/challenges">{t('account:verify.continue')}</Link>
        </Button>
      ) : (
        <>
          {verify.isError && (
            <p role="alert" className="text-sm text-destructive">
              {getErrorMessage(t, verify.error)}
            </p>
          )}
          <Button size="lg" disabled={verify.isPending || token === ''} onClick={() => verify.mutate({ token })}>
            {t('account:verify.submit')}
          </Button>
        </>
      )}
    </AccountScreen>
  );
}
