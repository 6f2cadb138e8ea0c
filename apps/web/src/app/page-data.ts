import type { QueryClient } from '@tanstack/react-query';

import { prefetchCategories, prefetchChallenge, prefetchChallenges } from '@/features/challenges';
import { countdownTarget, prefetchEvent } from '@/features/event';
import { prefetchLeaderboard, prefetchScoreGraph } from '@/features/leaderboard';
import { badgesQueryOptions } from '@/lib/badges-query';

/**
 * The reads that a player's list and challenge pages make once the event has started (before it, they show the event's
 * countdown and read nothing else: docs/product.md#events). An admin's pages do not wait for the event.
 */
async function afterEventStart(queryClient: QueryClient, isAdmin: boolean, read: () => void): Promise<void> {
  if (isAdmin) {
    read();
    return;
  }
  const event = await prefetchEvent(queryClient);
  if (event && countdownTarget(event, Date.now() + event.clockOffsetMs)?.kind !== 'startsIn') read();
}

type PageReads = (queryClient: QueryClient, params: { id?: string }, isAdmin: boolean) => void;

/**
 * A signed-in page's first reads, the same its hooks make, by the name its route gives in app/router.tsx
 * (`handle: { reads }`).
 */
const PAGE_READS = {
  challengeList: (queryClient, _params, isAdmin) =>
    void afterEventStart(queryClient, isAdmin, () => {
      void prefetchChallenges(queryClient);
      void prefetchCategories(queryClient);
    }),
  challenge: (queryClient, { id }, isAdmin) =>
    void afterEventStart(queryClient, isAdmin, () => {
      if (id) void prefetchChallenge(queryClient, id);
      void prefetchCategories(queryClient);
    }),
  leaderboard: (queryClient) => {
    void prefetchLeaderboard(queryClient);
    void prefetchScoreGraph(queryClient);
  },
  profile: (queryClient) => {
    void queryClient.prefetchQuery(badgesQueryOptions);
    void prefetchChallenges(queryClient);
  },
} satisfies Record<string, PageReads>;

export type PageReadsName = keyof typeof PAGE_READS;

/** Starts a signed-in page's first reads, and the event's, which every signed-in page shows or waits for. */
export function readPageData(queryClient: QueryClient, name: PageReadsName, params: { id?: string }, isAdmin: boolean): void {
  void prefetchEvent(queryClient);
  PAGE_READS[name](queryClient, params, isAdmin);
}
