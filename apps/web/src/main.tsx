import './lib/zod-config';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppFrame } from './app/layout/app-frame';
import { hasPagePreview, previewedPageReady } from './app/page-preview';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { preloadLiveUpdates } from './app/signed-in-live-updates';
import { prefetchSession } from './features/auth';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const sessionRead = prefetchSession(queryClient);
void sessionRead.then(() => preloadLiveUpdates(queryClient));
const router = createAppRouter();
// When the server drew the page's first paint, the first render waits for the whole page (app/page-preview.ts).
const previewedPage = hasPagePreview(container) ? Promise.all([sessionRead, previewedPageReady(router, queryClient)]) : undefined;

// The first page's texts arrive before its first render: no key shows in their place. A failed load renders the keys.
void Promise.all([i18nReady.catch(() => undefined), previewedPage]).then(() => {
  const root = createRoot(container);
  // A transition renders in slices of a few milliseconds, yielding to the browser between them, instead of one long
  // task (docs/performance.md "Lighthouse").
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <AppFrame>
            <RouterProvider router={router} />
          </AppFrame>
        </AppProviders>
      </StrictMode>,
    ),
  );
});
