import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';

import { useSession } from '@/features/auth';

import { headerPlaceholder, ShellFrame } from './app-frame';
import { PublicHeader } from './public-header';

const SignedInChrome = lazy(() => import('./signed-in-chrome').then((m) => ({ default: m.SignedInChrome })));

/** Every page: the nav bar when signed in or the public header when not, under AppFrame's disclaimer. */
export function AppShell() {
  const { data: user, isPending } = useSession();
  return (
    <ShellFrame
      header={
        user ? (
          <Suspense fallback={headerPlaceholder}>
            <SignedInChrome user={user} />
          </Suspense>
        ) : (
          <PublicHeader isLoginShown={!isPending} />
        )
      }
    >
      <Outlet />
    </ShellFrame>
  );
}
