import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';

import { TimeLeftText } from './time-left-text';
import { useEventState } from './use-event-state';

/**
 * The landing page's event banner (docs/product.md#landing-page). Loaded only when GET /api/stats says an event is set,
 * so that the first page of a training platform carries none of it (docs/architecture.md#web-app: first-page weight).
 */
export function LandingEventBanner() {
  const { t } = useTranslation('event');
  const locale = useLocale();
  const { event, target, now } = useEventState();
  if (!event || !target) return null;
  return (
    <section
      aria-label={t('banner.label')}
      className="mx-auto my-6 flex w-full max-w-4xl flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-xl border border-primary/40 bg-primary/5 px-4 py-3 text-center"
      data-testid="landing-event-banner"
    >
      <Flag aria-hidden="true" className="size-4 text-primary" />
      {target.kind === 'ended' ? (
        <span>{t('status.ended')}</span>
      ) : (
        <>
          <span className="font-medium">{t(`status.${target.kind}`)}</span>
          <TimeLeftText ms={target.at - now} />
          <span className="text-sm text-muted-foreground">
            {t(target.kind === 'startsIn' ? 'banner.startsAt' : 'banner.endsAt', {
              date: formatDateTime(target.kind === 'startsIn' ? event.startsAt! : event.endsAt!, locale),
            })}
          </span>
        </>
      )}
    </section>
  );
}
