import { useSession } from '@/features/auth';
import { useEventState } from '@/features/event';
import { LeaderboardPage } from '@/features/leaderboard';

export function LeaderboardRoute() {
  const { data: user } = useSession();
  const { event } = useEventState();
  return (
    <LeaderboardPage
      currentUserId={user?.uid}
      frozenAt={event?.isFrozen ? event.freezeAt : null}
      isAdmin={user?.rank === 'admin'}
    />
  );
}
