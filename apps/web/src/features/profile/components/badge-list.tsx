import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { BadgeIcon } from '@/components/ui/badge-icon';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { pickText, useLocale } from '@/lib/use-locale';

import { useBadges } from '../api/get-badges';

/** "Achievements (N)": each earned badge with its icon, title and description in the active language. */
export function BadgeList({ badgeIds }: { badgeIds: string[] }) {
  const { t } = useTranslation(['profile', 'common']);
  const locale = useLocale();
  // No badge, nothing to name: the catalogue is neither read nor parsed (docs/performance.md "Lighthouse").
  const { data, isPending } = useBadges(badgeIds.length > 0);
  const catalogue = new Map(data?.badges.map((badge) => [badge.badgeId, badge]));

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Award className="size-5 text-primary" aria-hidden="true" />
          {t('profile:badges.title', { count: badgeIds.length })}
        </h2>
      </CardHeader>
      <CardContent>
        {badgeIds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('profile:badges.empty')}</p>
        ) : isPending ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {badgeIds.map((badgeId) => {
              const badge = catalogue.get(badgeId);
              return (
                <li
                  key={badgeId}
                  className="flex items-start gap-3 rounded-xl border border-border/70 bg-background/40 p-3 transition-colors hover:border-primary/40"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <BadgeIcon icon={badge?.icon} className="size-6" />
                  </span>
                  <span className="grid min-w-0 gap-0.5">
                    <span className="font-semibold">{badge ? pickText(badge.title, locale) : badgeId}</span>
                    {badge && <span className="text-sm text-muted-foreground">{pickText(badge.description, locale)}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
