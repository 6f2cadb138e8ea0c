import { useSession } from '@/features/auth';
import { ChallengeList } from '@/features/challenges';
import { EventCountdown, useEventState } from '@/features/event';

/** Before an event starts, players see its countdown instead of the challenges (docs/product.md#events). */
export function ChallengesRoute() {
  const { data: user } = useSession();
  const { target, isPending } = useEventState();
  if (user?.rank !== 'admin') {
    if (isPending) return null;
    if (target?.kind === 'startsIn') return <EventCountdown />;
  }
  return <ChallengeList />;
}
