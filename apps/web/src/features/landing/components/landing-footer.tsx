import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function LandingFooter() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <footer className="mt-8 border-t bg-background/60">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row">
        <div className="flex items-center gap-2">
          <Flag className="size-4 text-primary" aria-hidden="true" />
          <span className="font-semibold text-foreground">{t('common:appName')}</span>
          <span className="hidden sm:inline">·</span>
          <span className="hidden sm:inline">{t('landing:footer.tagline')}</span>
        </div>
        <p className="text-center sm:text-right">{t('landing:footer.note')}</p>
        <p className="whitespace-nowrap">{t('landing:footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
