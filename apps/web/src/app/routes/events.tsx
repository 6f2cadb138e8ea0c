import { useParams } from 'react-router';

import { PastEventsPage, SeasonPage } from '@/features/seasons';

/** /events: the events that ended (docs/product.md#events). */
export function EventsRoute() {
  return <PastEventsPage />;
}

/** /events/{id}: an ended event's final standings; the player's own row (or their team's) is marked. */
export function SeasonRoute() {
  const { id = '' } = useParams();
  return <SeasonPage id={id} />;
}
