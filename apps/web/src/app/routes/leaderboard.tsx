import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useSession } from '@/features/auth';
import { useEventState } from '@/features/event';
import { LeaderboardPage } from '@/features/leaderboard';
import { useMyTeam } from '@/features/teams';

export function LeaderboardRoute() {
  const { data: user } = useSession();
  const { event } = useEventState();
  // Only a signed-in player has a team (the route answers 401 to visitors).
  const { data: myTeam } = useMyTeam({ enabled: Boolean(user) });
  const { t } = useTranslation('seasons');
  return (
    <LeaderboardPage
      currentUserId={user?.uid}
      currentTeamId={myTeam?.team?.id}
      frozenAt={event?.isFrozen ? event.freezeAt : null}
      isAdmin={user?.rank === 'admin'}
      links={
        // docs/product.md#events: the final standings of the events that ended.
        <p className="mt-1 text-sm">
          <Link to="/events" className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline">
            <History aria-hidden="true" className="size-4" />
            {t('leaderboardLink')}
          </Link>
        </p>
      }
    />
  );
}
