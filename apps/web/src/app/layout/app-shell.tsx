import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';

import { useSession } from '@/features/auth';

import { DisclaimerBanner } from './disclaimer-banner';
import { PublicHeader } from './public-header';

const SignedInChrome = lazy(() => import('./signed-in-chrome').then((m) => ({ default: m.SignedInChrome })));

/** Every page: the disclaimer, then the nav bar when signed in or the public header when not. */
export function AppShell() {
  const { data: user, isPending } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <DisclaimerBanner />
      {user ? (
        // The header's height is kept while its code loads, so that the page below does not jump.
        <Suspense fallback={<div className="h-16 border-b" />}>
          <SignedInChrome user={user} />
        </Suspense>
      ) : (
        <PublicHeader isLoginShown={!isPending} />
      )}
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
