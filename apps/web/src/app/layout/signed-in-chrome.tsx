import type { PublicUser } from '@drapeau/shared';

import { TooltipProvider } from '@/components/ui/tooltip';
import { LiveUpdates } from '@/features/live';

import { NavBar } from './nav-bar';

/**
 * What only a signed-in user has around every page: the nav bar (its logout button has a tooltip) and live updates.
 * Loaded on sign-in, so that the landing and login pages do not download it.
 */
export function SignedInChrome({ user }: { user: PublicUser }) {
  return (
    <TooltipProvider>
      <LiveUpdates userId={user.uid} />
      <NavBar user={user} />
    </TooltipProvider>
  );
}
