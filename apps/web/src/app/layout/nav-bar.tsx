import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';

import { Button } from '@/components/ui/button';
import { AnnouncementsBell } from '@/features/announcements';
import { EventStatus } from '@/features/event';

import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { LogoutButton } from './logout-button';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import { UserChip } from './user-chip';

const MOBILE_MENU_ID = 'mobile-menu';

/** The signed-in navigation bar (docs/product.md#navigation-bar); below `md` the links fold into a menu. */
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
      <nav aria-label={t('mainNavigation')} className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <BrandLink to="/challenges" />
        <div className="hidden md:block">
          <NavLinks user={user} orientation="horizontal" />
        </div>
        <div className="ml-auto flex items-center gap-2">
          <EventStatus className="hidden sm:inline-flex" />
          <LanguageSwitch className="hidden sm:inline-flex" />
          <AnnouncementsBell />
          <div className="hidden items-center gap-1 md:flex">
            <UserChip user={user} className="max-w-48" />
            <LogoutButton />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
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
