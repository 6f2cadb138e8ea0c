import { Outlet } from 'react-router';

import { useSession } from '@/features/auth';
import { LiveUpdates } from '@/features/live';

import { DisclaimerBanner } from './disclaimer-banner';
import { NavBar } from './nav-bar';
import { PublicHeader } from './public-header';

/** Every page: the disclaimer, then the nav bar when signed in or the public header when not. */
export function AppShell() {
  const { data: user, isPending } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <DisclaimerBanner />
      <LiveUpdates userId={user?.uid} />
      {user ? <NavBar user={user} /> : <PublicHeader isLoginShown={!isPending} />}
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
