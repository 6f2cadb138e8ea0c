import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** True while the next page loads. */
  isBusy?: boolean;
}

/** Previous / Next under a server-paged list; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onPageChange, isBusy = false }: PagerProps) {
  const { t } = useTranslation('admin');
  if (total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-3 pt-4">
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1 || isBusy}>
        <ChevronLeft aria-hidden="true" />
        {t('pager.previous')}
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t('pager.status', { page, pages })}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages || isBusy}>
        {t('pager.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
