import { useTranslation } from 'react-i18next';

import { LOCALES } from '@drapeau/shared/constants';

import { changeLanguage } from '@/lib/i18n';
import { useLocale } from '@/lib/use-locale';
import { cn } from '@/lib/utils';

/** EN/FR switch; the choice is kept in localStorage by lib/i18n. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('nav');
  const current = useLocale();
  return (
    <div
      role="group"
      aria-label={t('language')}
      className={cn('inline-flex items-center rounded-lg border bg-background/50 p-0.5', className)}
    >
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          title={t(`languages.${locale}`)}
          aria-pressed={current === locale}
          onClick={() => void changeLanguage(locale)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-semibold uppercase transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
            current === locale ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {/* The name starts with what the button shows (EN, FR), then says the language in full to a screen reader. */}
          {locale.toUpperCase()}
          <span className="sr-only"> {t(`languages.${locale}`)}</span>
        </button>
      ))}
    </div>
  );
}
