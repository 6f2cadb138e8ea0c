import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';

import { ErrorNotice } from '@/components/ui/error-notice';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/error-message';

/** Signed-in routes (docs/product.md#routes, #roles): a spinner while the session loads, /login when signed out. */
export function RequireAuth() {
  const { t } = useTranslation('common');
  const { data: user, error, isPending, refetch } = useSession();

  if (isPending) return <PageSpinner label={t('loading')} />;
  if (error) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <ErrorNotice
          title={t('session.loadFailed')}
          message={getErrorMessage(t, error)}
          onRetry={() => void refetch()}
          retryLabel={t('session.retry')}
        />
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace />;

  return (
    <SignedInPage>
      <Outlet />
    </SignedInPage>
  );
}

/** Where a signed-in page stands in the shell (also in a page's first paint drawn by the server: server-render/). */
export function SignedInPage(props: ComponentProps<'div'>) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10" {...props} />;
}
