import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';

import { useSession } from '@/features/auth';

import { RouteFallback } from '../routes/route-fallback';

import { DisclaimerBanner } from './disclaimer-banner';
import { PublicHeader } from './public-header';

const SignedInChrome = lazy(() => import('./signed-in-chrome').then((m) => ({ default: m.SignedInChrome })));

/** The header's height, kept while its code or the session loads, so that the page below does not jump. */
const headerPlaceholder = <div className="h-16 border-b" />;

function ShellFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <DisclaimerBanner />
      {header}
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}

/** Every page: the disclaimer, then the nav bar when signed in or the public header when not. */
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

/**
 * The same frame while the first page's code and texts load: the disclaimer, a header's height and a spinner paint at
 * once, without waiting for the page (docs/performance.md "Lighthouse").
 */
export function AppShellFallback() {
  return (
    <ShellFrame header={headerPlaceholder}>
      <RouteFallback />
    </ShellFrame>
  );
}
