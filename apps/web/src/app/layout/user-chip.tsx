import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { PublicUser } from '@drapeau/shared';

import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

interface UserChipProps {
  user: PublicUser;
  className?: string;
  onNavigate?: () => void;
}

/**
 * Avatar (red ring for admins, primary otherwise), username and score, linking to /profile (docs/product.md#navigation-bar).
 */
export function UserChip({ user, className, onNavigate }: UserChipProps) {
  const { t } = useTranslation(['nav', 'common']);
  return (
    <Link
      to="/profile"
      onClick={onNavigate}
      title={t('nav:yourProfile')}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-lg px-2 py-1 transition-colors outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <Avatar src={user.avatarUrl} name={user.username} size="sm" ring={user.rank === 'admin' ? 'admin' : 'primary'} />
      <span className="grid min-w-0 leading-tight">
        <span className="truncate text-sm font-semibold">{user.username}</span>
        <span className="text-xs text-muted-foreground">
          <span className="sr-only">{t('nav:score')}: </span>
          {t('common:points', { count: user.score })}
        </span>
      </span>
    </Link>
  );
}
