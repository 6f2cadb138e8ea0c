import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format-date-time';
import { useLocale } from '@/lib/use-locale';
import { useDocumentTitle } from '@/lib/use-document-title';

import { TimeLeftText } from './time-left-text';
import { useEventState } from './use-event-state';

/** Before the start, in place of the challenges (docs/product.md#events): the time left on the server's clock. */
export function EventCountdown() {
  const { t } = useTranslation('event');
  const locale = useLocale();
  const { event, target, now } = useEventState();
  useDocumentTitle(t('countdown.title'));
  if (!event || target?.kind !== 'startsIn') return null;
  return (
    <section
      aria-labelledby="event-countdown-title"
      className="mx-auto grid max-w-xl justify-items-center gap-4 rounded-2xl border bg-card/60 px-6 py-12 text-center"
    >
      <Hourglass aria-hidden="true" className="size-10 text-primary" />
      <h1 id="event-countdown-title" className="text-2xl font-bold">
        {t('countdown.title')}
      </h1>
      <p className="text-4xl font-bold text-primary" role="timer" aria-label={t('countdown.label')}>
        <TimeLeftText ms={target.at - now} />
      </p>
      <p className="text-muted-foreground">{t('countdown.startsAt', { date: formatDateTime(event.startsAt!, locale) })}</p>
      <p className="text-sm text-muted-foreground">{t('countdown.noChallenges')}</p>
    </section>
  );
}
