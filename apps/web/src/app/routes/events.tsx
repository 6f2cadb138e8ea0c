import { useParams } from 'react-router';

import { useSession } from '@/features/auth';
import { PastEventsPage, SeasonPage } from '@/features/seasons';
import { useMyTeam } from '@/features/teams';

/** /events: the events that ended (docs/product.md#events). */
export function EventsRoute() {
  return <PastEventsPage />;
}

/** /events/{id}: an ended event's final standings; the player's own row (or their team's) is marked. */
export function SeasonRoute() {
  const { id = '' } = useParams();
  const { data: user } = useSession();
  const { data: myTeam } = useMyTeam({ enabled: Boolean(user) });
  const currentIds = [user?.uid, myTeam?.team?.id].filter((value): value is string => Boolean(value));
  return <SeasonPage id={id} currentIds={currentIds} />;
}
