import { Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

import { TimeLeftText } from './time-left-text';
import { useEventState } from './use-event-state';

/** The navigation bar's event state and time left (docs/product.md#navigation-bar); nothing in training mode. */
export function EventStatus({ className }: { className?: string }) {
  const { t } = useTranslation('event');
  const { target, now } = useEventState();
  if (!target) return null;
  return (
    <p
      className={cn('inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs text-muted-foreground', className)}
      data-testid="event-status"
    >
      <Timer aria-hidden="true" className="size-3.5" />
      {target.kind === 'ended' ? (
        t('status.ended')
      ) : (
        <>
          {t(`status.${target.kind}`)} <TimeLeftText ms={target.at - now} />
        </>
      )}
    </p>
  );
}
