import type { PublicUser } from '@drapeau/shared';
import { Database, Flag, ShieldCheck, Trophy, User, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { cn } from '@/lib/utils';

interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  isAdminOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/challenges', labelKey: 'challenges', icon: Flag },
  { to: '/leaderboard', labelKey: 'leaderboard', icon: Trophy },
  { to: '/profile', labelKey: 'profile', icon: User },
  { to: '/admin', labelKey: 'admin', icon: ShieldCheck, isAdminOnly: true },
  { to: '/seed', labelKey: 'seed', icon: Database, isAdminOnly: true },
];

interface NavLinksProps {
  user: PublicUser;
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/** Challenges, leaderboard and profile; Admin Panel and Seed DB only for admins (docs/product.md#navigation-bar). */
export function NavLinks({ user, orientation, onNavigate }: NavLinksProps) {
  const { t } = useTranslation('nav');
  const isAdmin = user.rank === 'admin';
  const items = NAV_ITEMS.filter((item) => !item.isAdminOnly || isAdmin);
  return (
    <ul className={cn('flex gap-1', orientation === 'vertical' ? 'flex-col' : 'items-center')}>
      {items.map(({ to, labelKey, icon: Icon, isAdminOnly }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive ? 'bg-accent text-foreground' : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                isAdminOnly && 'text-destructive/90 hover:text-destructive',
              )
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {t(labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
