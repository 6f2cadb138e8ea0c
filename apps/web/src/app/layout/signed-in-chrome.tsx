import type { PublicUser } from '@drapeau/shared';

import { TooltipProvider } from '@/components/ui/tooltip';

import { NavBar } from './nav-bar';

/**
 * What only a signed-in user has around every page: the nav bar (its logout button has a tooltip; live updates are
 * beside the router: app/signed-in-live-updates.tsx). Loaded on sign-in, so that the landing and login pages do not
 * download it.
 */
export function SignedInChrome({ user }: { user: PublicUser }) {
  return (
    <TooltipProvider>
      <NavBar user={user} />
    </TooltipProvider>
  );
}
