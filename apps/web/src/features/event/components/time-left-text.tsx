import { useTranslation } from 'react-i18next';

import { splitTimeLeft } from './time-left';

/** "2 days 03:04:05" or "03:04:05", in the active language; a live region would be too chatty, so it is plain text. */
export function TimeLeftText({ ms }: { ms: number }) {
  const { t } = useTranslation('event');
  const { days, clock } = splitTimeLeft(ms);
  return (
    <span className="font-mono tabular-nums" data-testid="event-time-left">
      {days > 0 ? `${t('days', { count: days })} ${clock}` : clock}
    </span>
  );
}
