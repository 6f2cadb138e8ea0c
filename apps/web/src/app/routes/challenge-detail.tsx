import { useParams } from 'react-router';

import { useSession } from '@/features/auth';
import { categoriesQueryOptions, ChallengeDetail, challengeQueryOptions } from '@/features/challenges';
import { EventCountdown, eventQueryOptions, useEventState } from '@/features/event';
import { InstancePanel } from '@/features/instances';
import { LabPanel } from '@/features/labs';
import { WriteUpsSection } from '@/features/write-ups';

import type { PreviewReads } from '../page-preview';

/** What the page's first render shows, read before it when the server drew the page's first paint (main.tsx). */
export const previewReads: PreviewReads = (queryClient, { id = '' }) =>
  Promise.all([
    queryClient.ensureQueryData(challengeQueryOptions(id)),
    queryClient.ensureQueryData(eventQueryOptions),
    queryClient.ensureQueryData(categoriesQueryOptions),
  ]);

/**
 * Composes the challenge page with its in-page exercise; features do not import each other
 * (docs/conventions.md#layers-and-dependency-rules).
 */
export function ChallengeDetailRoute() {
  const { id = '' } = useParams();
  const { data: user } = useSession();
  const { target, isPending } = useEventState();
  // Before an event starts, players get its countdown (docs/product.md#events).
  if (user?.rank !== 'admin') {
    if (isPending) return null;
    if (target?.kind === 'startsIn') return <EventCountdown />;
  }
  return (
    <ChallengeDetail
      key={id}
      id={id}
      renderLabSlot={({ hasService }) => (
        <>
          <LabPanel challengeId={id} />
          {hasService && <InstancePanel challengeId={id} />}
        </>
      )}
      renderWriteUps={(isSolved) => (
        <WriteUpsSection
          challengeId={id}
          isSolved={isSolved}
          canRead={isSolved || user?.rank === 'admin' || user?.rank === 'teacher'}
        />
      )}
    />
  );
}
