import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

export function CallToAction() {
  const { t } = useTranslation('landing');
  return (
    <section className="px-4 py-12">
      <div className="mx-auto grid max-w-4xl justify-items-center gap-4 rounded-2xl border border-primary/30 bg-gradient-to-br from-primary/15 via-card to-card p-8 text-center shadow-xl shadow-primary/5 sm:p-12">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('cta.title')}</h2>
        <p className="max-w-xl text-muted-foreground">{t('cta.subtitle')}</p>
        <Button asChild size="lg" className="mt-2">
          <Link to="/register">
            <UserPlus />
            {t('cta.button')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
