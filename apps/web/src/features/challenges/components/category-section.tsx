import { useTranslation } from 'react-i18next';

import type { CategoryIcon as CategoryIconName } from '@drapeau/shared';

import { Badge } from '@/components/ui/badge';
import { CategoryIcon } from '@/components/ui/category-icon';

import { ChallengeCard } from './challenge-card';
import type { CategoryGroup } from './filter-challenges';

interface CategorySectionProps {
  group: CategoryGroup;
  name: string;
  icon: CategoryIconName | undefined;
  /** Index of this section's first card among all cards on screen. */
  firstIndex: number;
}

export function CategorySection({ group, name, icon, firstIndex }: CategorySectionProps) {
  const { t } = useTranslation('challenges');
  const headingId = `category-${group.category}`;
  const count = group.challenges.length;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <header className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/20">
          <CategoryIcon category={group.category} icon={icon} className="size-5" />
        </span>
        <h2 id={headingId} className="text-xl font-semibold">
          {name}
        </h2>
        <Badge variant="secondary" title={t('challenges:categoryCount', { count })} data-testid="category-count">
          {count}
        </Badge>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {group.challenges.map((challenge, offset) => (
          <ChallengeCard key={challenge.id} challenge={challenge} index={firstIndex + offset} />
        ))}
      </div>
    </section>
  );
}
