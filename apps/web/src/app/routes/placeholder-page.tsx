import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '@/lib/use-document-title';

/** A stand-in for a screen that a later task builds. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <Construction className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{t('comingSoon')}</p>
    </div>
  );
}
