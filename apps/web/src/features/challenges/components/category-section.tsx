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

  // A section off screen is not styled, laid out nor painted until it nears the screen: a phone shows the first one
  // (docs/performance.md "Lighthouse"). The padding, taken back by the margin, keeps the cards' shadows and focus rings
  // inside the section's paint.
  return (
    <section
      aria-labelledby={headingId}
      className="-m-2 grid gap-4 p-2 [contain-intrinsic-block-size:auto_32rem] [content-visibility:auto]"
    >
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
