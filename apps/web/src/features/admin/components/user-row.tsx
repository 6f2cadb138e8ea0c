import { Award, Ban, Pencil, ShieldOff, Trash2, UserCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { Badge, PublicUser } from '@drapeau/shared';
import { computeRank } from '@drapeau/shared/constants';

import { Avatar } from '@/components/ui/avatar';
import { Badge as Chip } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { formatDate } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { UserBadgeChips } from './user-badge-chips';

/** The end of a suspension, with the year in full: `Jun 1, 2099, 10:30 AM`, `1 juin 2099 à 10:30`. */
const BAN_END: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export type UserAction = 'award' | 'edit' | 'delete' | 'resetTwoFactor' | 'ban' | 'unban';

interface UserRowProps {
  user: PublicUser;
  isSelf: boolean;
  badgesById: ReadonlyMap<string, Badge>;
  onAction: (action: UserAction, user: PublicUser) => void;
}

/** One user of the User Management list: who, rank and score, badges, and the award / edit / delete buttons. */
export function UserRow({ user, isSelf, badgesById, onAction }: UserRowProps) {
  const { t } = useTranslation(['admin', 'common', 'ranks']);
  const nameId = useId();
  const isAdmin = user.rank === 'admin';
  const { rank } = computeRank(user.score, user.rank);
  const locale = useLocale();

  return (
    <li aria-labelledby={nameId} className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
          <Avatar src={user.avatarUrl} name={user.username} ring={isAdmin ? 'admin' : 'primary'} />
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-semibold">
              <span id={nameId} className="truncate">
                {user.username}
              </span>
              {isSelf && <Chip variant="outline">{t('admin:users.you')}</Chip>}
            </p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            {user.ban && (
              <p className="text-sm text-destructive">
                {user.ban.until
                  ? t('admin:ban.statusUntil', { date: formatDate(user.ban.until, locale, BAN_END) })
                  : t('admin:ban.statusForever')}{' '}
                {t('admin:ban.statusReason', { reason: user.ban.reason })}
              </p>
            )}
          </div>
        </div>
        <div className="flex items-center gap-3">
          {user.ban && <Chip variant="destructive">{t('admin:ban.suspended')}</Chip>}
          <Chip variant={isAdmin ? 'destructive' : 'secondary'}>{t(`ranks:${rank}`)}</Chip>
          <span className="text-sm font-semibold text-primary tabular-nums">{t('common:points', { count: user.score })}</span>
        </div>
        <div className="ml-auto flex items-center gap-1">
          <WithTooltip label={t('admin:users.actions.award')}>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('admin:users.actions.award')}
              onClick={() => onAction('award', user)}
            >
              <Award className="text-amber-300" />
            </Button>
          </WithTooltip>
          <WithTooltip label={t('admin:users.actions.edit')}>
            <Button variant="ghost" size="icon" aria-label={t('admin:users.actions.edit')} onClick={() => onAction('edit', user)}>
              <Pencil />
            </Button>
          </WithTooltip>
          <WithTooltip label={t('admin:users.actions.resetTwoFactor')}>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('admin:users.actions.resetTwoFactor')}
              onClick={() => onAction('resetTwoFactor', user)}
            >
              <ShieldOff />
            </Button>
          </WithTooltip>
          {user.ban ? (
            <WithTooltip label={t('admin:users.actions.unban')}>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('admin:users.actions.unban')}
                onClick={() => onAction('unban', user)}
              >
                <UserCheck />
              </Button>
            </WithTooltip>
          ) : (
            !isSelf && (
              <WithTooltip label={t('admin:users.actions.ban')}>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('admin:users.actions.ban')}
                  onClick={() => onAction('ban', user)}
                >
                  <Ban />
                </Button>
              </WithTooltip>
            )
          )}
          <WithTooltip label={isSelf ? t('admin:users.actions.cannotDeleteSelf') : t('admin:users.actions.delete')}>
            {/* A disabled button gets no pointer events; the span keeps the tooltip saying why. */}
            <span
              // Focusable when the button is disabled, so that keyboard users reach the tooltip saying why.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={isSelf ? 0 : -1}
              className="inline-flex rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Button
                variant="ghost"
                size="icon"
                className="text-destructive hover:bg-destructive/15 hover:text-destructive"
                aria-label={t('admin:users.actions.delete')}
                disabled={isSelf}
                onClick={() => onAction('delete', user)}
              >
                <Trash2 />
              </Button>
            </span>
          </WithTooltip>
        </div>
      </div>
      <UserBadgeChips user={user} badgesById={badgesById} />
    </li>
  );
}
