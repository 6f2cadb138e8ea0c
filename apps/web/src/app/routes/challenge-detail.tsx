import { useParams } from 'react-router';

import { ChallengeDetail } from '@/features/challenges';
import { LabPanel } from '@/features/labs';

/**
 * Composes the challenge page with its in-page exercise; features do not import each other
 * (docs/conventions.md#layers-and-dependency-rules).
 */
export function ChallengeDetailRoute() {
  const { id = '' } = useParams();
  return <ChallengeDetail key={id} id={id} labSlot={<LabPanel challengeId={id} />} />;
}
