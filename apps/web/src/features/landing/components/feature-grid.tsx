import { Award, FileArchive, Layers, Medal, Radio, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { CATEGORIES, RANK_TIERS } from '@drapeau/shared/constants';

import { formatList } from '@/lib/format-list';
import { useLocale } from '@/lib/use-locale';

interface Feature {
  key: string;
  icon: LucideIcon;
  values?: Record<string, string>;
}

/** The six feature cards (docs/product.md#landing-page); category and tier names come from the shared constants. */
export function FeatureGrid() {
  const { t } = useTranslation(['landing', 'categories', 'ranks']);
  const locale = useLocale();
  const list = formatList(
    CATEGORIES.map((category) => t(`categories:${category}`)),
    locale,
  );
  const firstTier = RANK_TIERS[0].key;
  const lastTier = RANK_TIERS[RANK_TIERS.length - 1]?.key ?? firstTier;

  const features: Feature[] = [
    { key: 'categories', icon: Layers, values: { list } },
    { key: 'ranks', icon: Medal, values: { first: t(`ranks:${firstTier}`), last: t(`ranks:${lastTier}`) } },
    { key: 'badges', icon: Award },
    { key: 'leaderboard', icon: Trophy },
    { key: 'files', icon: FileArchive },
    { key: 'realtime', icon: Radio },
  ];

  return (
    <section aria-labelledby="features-title" className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-16">
      <div className="grid gap-2 text-center">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight">
          {t('landing:features.title')}
        </h2>
        <p className="text-muted-foreground">{t('landing:features.subtitle')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ key, icon: Icon, values }, index) => (
          <li
            key={key}
            style={{ animationDelay: `${index * 50}ms` }}
            className="group grid animate-card-enter gap-3 rounded-(--radius-card) border bg-card/70 p-6 transition-colors hover:border-primary/40"
          >
            <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/20 transition-transform group-hover:scale-105">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-semibold">{t(`landing:features.${key}.title`)}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">
              {t(`landing:features.${key}.description`, values ?? {})}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
