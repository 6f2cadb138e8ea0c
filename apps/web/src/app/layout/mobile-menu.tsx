import type { PublicUser } from '@drapeau/shared';

import { EventStatus } from '@/features/event';

import { AccountLink } from './account-link';
import { LanguageSwitch } from './language-switch';
import { LogoutButton } from './logout-button';
import { NavLinks } from './nav-links';
import { UserChip } from './user-chip';

interface MobileMenuProps {
  id: string;
  user: PublicUser;
  onNavigate: () => void;
}

/** The collapsed navigation of small screens, opened from the menu button of the nav bar. */
export function MobileMenu({ id, user, onNavigate }: MobileMenuProps) {
  return (
    <div id={id} className="animate-fade-in border-t bg-background/95 lg:hidden">
      <div className="mx-auto grid max-w-6xl gap-3 px-4 py-4">
        <UserChip user={user} onNavigate={onNavigate} />
        <EventStatus className="justify-self-start sm:hidden" />
        <NavLinks user={user} orientation="vertical" onNavigate={onNavigate} />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <LanguageSwitch />
          <div className="flex items-center gap-1">
            <AccountLink isLabelShown onNavigate={onNavigate} />
            <LogoutButton isLabelAlwaysShown />
          </div>
        </div>
      </div>
    </div>
  );
}
