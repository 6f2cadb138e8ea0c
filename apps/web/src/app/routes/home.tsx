import { lazy, Suspense } from 'react';

import { LandingPage, useStats } from '@/features/landing';
import { i18n } from '@/lib/i18n';

// Loaded only when an event is set (GET /api/stats says so): a training platform's first page carries none of it
// (docs/architecture.md#web-app, first-page weight).
const LandingEventBanner = lazy(async () => {
  const [banner] = await Promise.all([import('@/features/event/components/landing-event-banner'), i18n.loadNamespaces('event')]);
  return { default: banner.LandingEventBanner };
});

export function HomeRoute() {
  const isEventMode = useStats().data?.isEventMode === true;
  return (
    <>
      {isEventMode && (
        <Suspense>
          <LandingEventBanner />
        </Suspense>
      )}
      <LandingPage />
    </>
  );
}
