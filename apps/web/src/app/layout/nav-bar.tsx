import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { AnnouncementsBell } from '@/features/announcements';
import { EventStatus } from '@/features/event';

import { AccountLink } from './account-link';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { LogoutButton } from './logout-button';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import { UserChip } from './user-chip';

const MOBILE_MENU_ID = 'mobile-menu';

/** The signed-in navigation bar (docs/product.md#navigation-bar); below `lg` the links fold into a menu. */
export function NavBar({ user }: { user: PublicUser }) {
  const { t } = useTranslation('nav');
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  useEffect(() => {
    if (!isMenuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  const closeMenu = () => setIsMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
      {/* Wider than the pages from lg up: at 1366 px every link, the event's time left, the user and Logout fit on one line. */}
      <nav aria-label={t('mainNavigation')} className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 lg:max-w-screen-2xl">
        <BrandLink to="/challenges" />
        <div className="hidden lg:block">
          <NavLinks user={user} orientation="horizontal" />
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-1.5">
          <EventStatus className="hidden shrink-0 whitespace-nowrap sm:inline-flex" />
          <LanguageSwitch className="hidden shrink-0 sm:inline-flex" />
          <AnnouncementsBell />
          <div className="hidden min-w-0 items-center gap-0.5 lg:flex">
            <UserChip user={user} className="max-w-44 shrink-0" />
            <AccountLink />
            <LogoutButton />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={isMenuOpen ? t('closeMenu') : t('openMenu')}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </nav>
      {isMenuOpen && <MobileMenu id={MOBILE_MENU_ID} user={user} onNavigate={closeMenu} />}
    </header>
  );
}
