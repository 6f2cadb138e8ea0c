import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';

/**
 * The landing and auth screens: a signed-in user goes to /challenges (docs/product.md#routes). A session error counts as
 * signed out.
 */
export function PublicOnly() {
  const { t } = useTranslation('common');
  const { data: user, isPending } = useSession();

  if (isPending) return <PageSpinner label={t('loading')} />;
  if (user) return <Navigate to="/challenges" replace />;
  return <Outlet />;
}
