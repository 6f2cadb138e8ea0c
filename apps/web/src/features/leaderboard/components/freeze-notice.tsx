import { Eye, Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

interface FreezeNoticeProps {
  /** The freeze time (ISO 8601). */
  freezeAt: string;
  /** Admins see the live standings and may switch to what players see. */
  isAdmin: boolean;
  showsPublicView: boolean;
  onTogglePublicView: () => void;
}

/** docs/product.md#freeze: the standings players see stay as they were at the freeze; admins can switch views. */
export function FreezeNotice({ freezeAt, isAdmin, showsPublicView, onTogglePublicView }: FreezeNoticeProps) {
  const { t } = useTranslation('leaderboard');
  const locale = useLocale();
  const at = formatDateTime(freezeAt, locale);
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-(--radius-card) border border-sky-400/40 bg-sky-400/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="inline-flex items-center gap-2">
        <Snowflake className="size-4 shrink-0 text-sky-300" aria-hidden="true" />
        {isAdmin && !showsPublicView ? t('freeze.adminLive', { at }) : t('freeze.frozen', { at })}
      </p>
      {isAdmin && (
        <Button variant="outline" size="sm" onClick={onTogglePublicView} aria-pressed={showsPublicView}>
          <Eye aria-hidden="true" />
          {showsPublicView ? t('freeze.showLive') : t('freeze.showPublic')}
        </Button>
      )}
    </div>
  );
}
