import { useTranslation } from 'react-i18next';

import { AccountSecurity } from '@/features/account';
import { useSession } from '@/features/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /account (docs/product.md#account): email, password, two-factor, passkeys and API tokens, apart from the profile. */
export function AccountRoute() {
  const { t } = useTranslation('account');
  const { data: user } = useSession();
  useDocumentTitle(t('page.title'));
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('page.title')}</h1>
        <p className="text-muted-foreground">{t('page.description')}</p>
      </div>
      {user && <AccountSecurity user={user} />}
    </div>
  );
}
