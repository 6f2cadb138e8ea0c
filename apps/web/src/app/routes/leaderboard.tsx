import { useSession } from '@/features/auth';
import { LeaderboardPage } from '@/features/leaderboard';

export function LeaderboardRoute() {
  const { data: user } = useSession();
  return <LeaderboardPage currentUserId={user?.uid} />;
}
