import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';

import { useSession } from '@/features/auth';

import { RouteFallback } from '../routes/route-fallback';

import { DisclaimerBanner } from './disclaimer-banner';
import { PublicHeader } from './public-header';

const SignedInChrome = lazy(() => import('./signed-in-chrome').then((m) => ({ default: m.SignedInChrome })));

/** The header's height, kept while its code or the session loads, so that the page below does not jump. */
const headerPlaceholder = <div className="h-16 border-b" />;

/**
 * The column every page stands in, with the disclaimer on top. It wraps the router (main.tsx), outside its routes, so
 * that the disclaimer is made once: when the first page's code arrives the router swaps its loading frame for the
 * page's, and a banner inside them was made, translated and laid out a second time (docs/performance.md "Lighthouse").
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <DisclaimerBanner />
      {children}
    </div>
  );
}

/** The header, then the page: inside AppFrame's column. */
function ShellFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <>
      {header}
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </>
  );
}

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

/**
 * The same frame while the first page's code and texts load: a header's height and a spinner paint at once under the
 * disclaimer, without waiting for the page (docs/performance.md "Lighthouse").
 */
export function AppShellFallback() {
  return (
    <ShellFrame header={headerPlaceholder}>
      <RouteFallback />
    </ShellFrame>
  );
}
