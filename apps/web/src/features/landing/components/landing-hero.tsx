import { ArrowRight, LogIn, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

import { StatsStrip } from './stats-strip';

export function LandingHero() {
  const { t } = useTranslation('landing');
  return (
    <section className="relative flex flex-col items-center gap-8 px-4 pt-16 pb-12 text-center sm:pt-24">
      <span className="inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-medium text-primary">
        <ShieldCheck className="size-3.5" aria-hidden="true" />
        {t('hero.eyebrow')}
      </span>
      <h1 className="max-w-3xl bg-gradient-to-b from-foreground to-foreground/70 bg-clip-text text-4xl font-extrabold tracking-tight text-balance text-transparent sm:text-6xl">
        {t('hero.title')}
      </h1>
      <p className="max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">{t('hero.subtitle')}</p>
      <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to="/register">
            {t('hero.getStarted')}
            <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/login">
            <LogIn />
            {t('hero.login')}
          </Link>
        </Button>
      </div>
      <StatsStrip />
    </section>
  );
}
