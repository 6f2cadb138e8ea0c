import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BrandLink({ to }: { to: string }) {
  const { t } = useTranslation('nav');
  return (
    <Link
      to={to}
      aria-label={t('home')}
      className="flex shrink-0 items-center gap-2 rounded-lg font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary/15 text-primary ring-1 ring-primary/30">
        <Flag className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg">{t('brand')}</span>
    </Link>
  );
}
