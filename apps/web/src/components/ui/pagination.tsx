import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

interface PaginationProps {
  /** What the pages are of, for screen readers ("Leaderboard pages"). */
  label: string;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** Previous / Next and "Page N of M" under a paged board; callers show it only when there is more than one page. */
export function Pagination({ label, page, pageCount, onPageChange }: PaginationProps) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft />
        {t('pagination.previous')}
      </Button>
      <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t('pagination.status', { page, pageCount })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        {t('pagination.next')}
        <ChevronRight />
      </Button>
    </nav>
  );
}
