import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { Badge, BadgeCriteria } from '@drapeau/shared';

import { BadgeIcon } from '@/components/ui/badge-icon';
import { Card } from '@/components/ui/card';
import { pickText, useLocale } from '@/lib/use-locale';

import { useBadges } from '../api/get-badges';

import { AdminSection } from './admin-section';
import { EmptyState, SectionError, SectionSpinner } from './section-state';

/** Badge System (docs/product.md#admin-panel): every badge with its icon, name, description and id. */
export function BadgesTab() {
  const { t } = useTranslation('admin');
  const badges = useBadges();

  return (
    <AdminSection title={t('badges.title')} description={t('badges.description')}>
      {badges.isPending ? (
        <SectionSpinner />
      ) : badges.error ? (
        <SectionError title={t('badges.loadFailed')} error={badges.error} onRetry={() => void badges.refetch()} />
      ) : badges.data.badges.length === 0 ? (
        <EmptyState icon={<Award className="size-10" aria-hidden="true" />}>{t('badges.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {badges.data.badges.map((badge) => (
            <BadgeCard key={badge.badgeId} badge={badge} />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function BadgeCard({ badge }: { badge: Badge }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const title = pickText(badge.title, locale);
  return (
    <li>
      <Card className="flex h-full gap-4 bg-background/40 p-4" role="group" aria-label={title}>
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <BadgeIcon icon={badge.icon} className="size-6" />
        </span>
        <div className="grid min-w-0 content-start gap-1">
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-muted-foreground">{pickText(badge.description, locale)}</p>
          <p className="text-xs text-muted-foreground">
            <CriteriaText criteria={badge.criteria} />
          </p>
          <p className="mt-1 text-xs">
            <span className="text-muted-foreground">{t('badges.id')} </span>
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono">{badge.badgeId}</code>
          </p>
        </div>
      </Card>
    </li>
  );
}

/** The rule that awards the badge automatically, in words. */
function CriteriaText({ criteria }: { criteria: BadgeCriteria }) {
  const { t } = useTranslation(['admin', 'categories']);
  switch (criteria.type) {
    case 'solveCount':
      return t('admin:badges.criteria.solveCount', { count: criteria.value });
    case 'score':
      return t('admin:badges.criteria.score', { count: criteria.value });
    case 'category':
      return t('admin:badges.criteria.category', {
        count: criteria.count,
        category: t(`categories:${criteria.value}`),
      });
  }
}
