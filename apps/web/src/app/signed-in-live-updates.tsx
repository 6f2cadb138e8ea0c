import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useSession } from '@/features/auth';
import type { LiveUpdates } from '@/features/live';
import { sessionKeys } from '@/lib/query-keys';

const loadLiveUpdates = () => import('@/features/live').then((module) => module.LiveUpdates);

/**
 * Live updates while signed in (docs/product.md#live-updates), mounted beside the router rather than in the page's
 * frame, as soon as their code is there (not through a Suspense boundary, whose reveal React may hold back): the stream
 * opens once the session is known, and is first sent what came after the page's first reads (nothing is read twice).
 */
export function SignedInLiveUpdates() {
  const { data: user } = useSession();
  const [Live, setLive] = useState<typeof LiveUpdates | null>(null);
  const isSignedIn = Boolean(user);
  useEffect(() => {
    if (!isSignedIn) return;
    let isCurrent = true;
    void loadLiveUpdates().then((component) => {
      if (isCurrent) setLive(() => component);
    });
    return () => {
      isCurrent = false;
    };
  }, [isSignedIn]);
  if (!user || !Live) return null;
  return <Live userId={user.uid} />;
}

/** Starts loading the live updates' code once the session, read as the app starts (main.tsx), says signed in. */
export function preloadLiveUpdates(queryClient: QueryClient): void {
  if (queryClient.getQueryData(sessionKeys.all)) void loadLiveUpdates();
}
