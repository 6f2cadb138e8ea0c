import { Flag, GraduationCap, School, ShieldCheck, Trophy, User, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import type { PublicUser } from '@drapeau/shared';

import { useMyTeam } from '@/features/teams';
import { cn } from '@/lib/utils';

interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  isAdminOnly?: boolean;
  /** For teachers and admins (docs/product.md#classes). */
  isTeacherOnly?: boolean;
  /** Shown in team mode only (docs/product.md#teams). */
  isTeamModeOnly?: boolean;
  /** Other pages that belong to this link: a challenge's page is under Challenges. */
  alsoActiveUnder?: string;
  /** In the phone menu only: in the bar, the user chip beside it is this link (the bar fits at 1366 px). */
  isMenuOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/challenges', labelKey: 'challenges', icon: Flag, alsoActiveUnder: '/challenge/' },
  { to: '/leaderboard', labelKey: 'leaderboard', icon: Trophy },
  { to: '/team', labelKey: 'team', icon: Users, isTeamModeOnly: true },
  { to: '/profile', labelKey: 'profile', icon: User, isMenuOnly: true },
  { to: '/class', labelKey: 'class', icon: School, alsoActiveUnder: '/join-class/' },
  { to: '/teacher', labelKey: 'teacher', icon: GraduationCap, isTeacherOnly: true },
  { to: '/admin', labelKey: 'admin', icon: ShieldCheck, isAdminOnly: true },
];

interface NavLinksProps {
  user: PublicUser;
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/**
 * Challenges, leaderboard, team (in team mode), profile (in the phone menu; the bar's user chip links there) and class; My classes for teachers and admins; Admin Panel only
 * for admins (docs/product.md#navigation-bar). Seeding is a page of the admin panel's content section.
 */
export function NavLinks({ user, orientation, onNavigate }: NavLinksProps) {
  const { t } = useTranslation('nav');
  const isAdmin = user.rank === 'admin';
  const isTeacher = isAdmin || user.rank === 'teacher';
  const isTeamMode = useMyTeam().data?.isTeamMode ?? false;
  const items = NAV_ITEMS.filter(
    (item) =>
      (!item.isAdminOnly || isAdmin) &&
      (!item.isTeacherOnly || isTeacher) &&
      (!item.isTeamModeOnly || isTeamMode) &&
      (!item.isMenuOnly || orientation === 'vertical'),
  );
  const { pathname } = useLocation();
  return (
    <ul className={cn('flex', orientation === 'vertical' ? 'flex-col gap-1' : 'items-center gap-0.5')}>
      {items.map(({ to, labelKey, icon: Icon, isAdminOnly, alsoActiveUnder }) => {
        // As NavLink would, plus the pages that belong to the link (NavLink cannot be told those).
        const isActive =
          pathname === to ||
          pathname.startsWith(`${to}/`) ||
          (alsoActiveUnder !== undefined && pathname.startsWith(alsoActiveUnder));
        return (
          <li key={to}>
            <Link
              to={to}
              onClick={onNavigate}
              {...(isActive ? { 'aria-current': 'page' as const } : {})}
              className={cn(
                'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive ? 'bg-accent text-foreground' : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                // Red text on the active link's background is too faint (3.3:1): the active admin link keeps red in its icon only.
                isAdminOnly && !isActive && 'text-destructive/90 hover:text-destructive',
              )}
            >
              <Icon className={cn('size-4', isAdminOnly && 'text-destructive')} aria-hidden="true" />
              {t(labelKey)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
