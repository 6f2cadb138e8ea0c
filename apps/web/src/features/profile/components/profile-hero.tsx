import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '@drapeau/shared';
import { computeRank } from '@drapeau/shared/constants';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

interface ProfileHeroProps {
  user: PublicUser;
  /** The avatar: with a Change button on the own profile, plain elsewhere. */
  avatar: ReactNode;
  /** Shows a "You" tag. */
  isSelf?: boolean;
  children?: ReactNode;
}

/** The top card of a profile: avatar, username, tags, member-since date, then the stats given as children. */
export function ProfileHero({ user, avatar, isSelf = false, children }: ProfileHeroProps) {
  const { t } = useTranslation(['profile', 'ranks']);
  const locale = useLocale();
  const { rank } = computeRank(user.score, user.rank);
  const joinedAt = formatLongDate(user.createdAt, locale);

  return (
    <Card className="relative overflow-hidden">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-primary/15 to-transparent"
        aria-hidden="true"
      />
      <div className="relative grid gap-6 p-5 sm:p-6">
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-center sm:text-left">
          {avatar}
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <h1 className="truncate text-3xl font-bold tracking-tight">{user.username}</h1>
              {isSelf && <Badge>{t('profile:you')}</Badge>}
              <Badge variant={rank === 'admin' ? 'destructive' : 'outline'}>{t(`ranks:${rank}`)}</Badge>
            </div>
            <p className="flex items-center justify-center gap-1.5 text-sm text-muted-foreground sm:justify-start">
              <CalendarDays className="size-4" aria-hidden="true" />
              {t('profile:memberSince', { date: joinedAt })}
            </p>
          </div>
        </div>
        {children}
      </div>
    </Card>
  );
}
