import { ChallengeList } from '@/features/challenges';

export function ChallengesRoute() {
  return <ChallengeList />;
}
