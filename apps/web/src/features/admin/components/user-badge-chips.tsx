import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { Badge, PublicUser } from '@drapeau/shared';

import { BadgeIcon } from '@/components/ui/badge-icon';
import { WithTooltip } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { pickText, useLocale } from '@/lib/use-locale';

import { useRemoveBadge } from '../api/remove-badge';

interface UserBadgeChipsProps {
  user: PublicUser;
  badgesById: ReadonlyMap<string, Badge>;
}

/**
 * docs/product.md#admin-panel: a user's badges as chips (icon and title in the active language); clicking a chip removes
 * that badge.
 */
export function UserBadgeChips({ user, badgesById }: UserBadgeChipsProps) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const locale = useLocale();
  const removal = useRemoveBadge();

  if (user.badges.length === 0) {
    return <p className="text-xs text-muted-foreground">{t('admin:users.noBadges')}</p>;
  }

  function remove(badgeId: string) {
    removal.mutate(
      { userId: user.uid, badgeId },
      {
        onSuccess: () => toast({ title: t('common:success'), description: t('admin:users.badgeRemoved') }),
        onError: (error) => toast({ variant: 'destructive', title: t('common:error'), description: getErrorMessage(t, error) }),
      },
    );
  }

  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('admin:users.badgesOf', { name: user.username })}>
      {user.badges.map((badgeId) => {
        const badge = badgesById.get(badgeId);
        const title = badge ? pickText(badge.title, locale) : badgeId;
        const isRemoving = removal.isPending && removal.variables.badgeId === badgeId;
        return (
          <li key={badgeId}>
            <WithTooltip label={t('admin:users.removeBadgeHint')}>
              <button
                type="button"
                onClick={() => remove(badgeId)}
                disabled={isRemoving}
                aria-label={t('admin:users.removeBadge', { title })}
                className="group inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 py-0.5 pr-1.5 pl-2 text-xs font-medium text-primary transition-colors outline-none hover:border-destructive/60 hover:bg-destructive/15 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              >
                {badge && <BadgeIcon icon={badge.icon} className="size-3.5" />}
                <span>{title}</span>
                <X className="size-3 opacity-60 group-hover:opacity-100" aria-hidden="true" />
              </button>
            </WithTooltip>
          </li>
        );
      })}
    </ul>
  );
}
