import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** docs/product.md#admin-panel: what a player sees at /admin. No admin data is requested for them. */
export function AccessDenied() {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{t('accessDenied.title')}</h1>
      <p className="text-muted-foreground">{t('accessDenied.message')}</p>
    </div>
  );
}
