import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';

export function SectionSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="flex justify-center py-12">
      <Spinner className="size-7" label={t('loading')} />
    </div>
  );
}

interface SectionErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** A failed load inside a tab, with the reason translated from its code. */
export function SectionError({ title, error, onRetry }: SectionErrorProps) {
  const { t } = useTranslation(['common', 'errors']);
  return <ErrorNotice title={title} message={getErrorMessage(t, error)} onRetry={onRetry} retryLabel={t('common:retry')} />;
}

/** The dashed box of an empty list. */
export function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed p-10 text-center text-muted-foreground">
      {icon}
      <p className="font-medium">{children}</p>
    </div>
  );
}
