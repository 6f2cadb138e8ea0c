import { useSession } from '@/features/auth';
import { useEventState } from '@/features/event';
import { LeaderboardPage } from '@/features/leaderboard';
import { useMyTeam } from '@/features/teams';

export function LeaderboardRoute() {
  const { data: user } = useSession();
  const { event } = useEventState();
  // Only a signed-in player has a team (the route answers 401 to visitors).
  const { data: myTeam } = useMyTeam({ enabled: Boolean(user) });
  return (
    <LeaderboardPage
      currentUserId={user?.uid}
      currentTeamId={myTeam?.team?.id}
      frozenAt={event?.isFrozen ? event.freezeAt : null}
      isAdmin={user?.rank === 'admin'}
    />
  );
}
