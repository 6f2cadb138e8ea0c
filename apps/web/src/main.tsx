import './lib/zod-config';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppFrame } from './app/layout/app-frame';
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
void prefetchSession(queryClient).then(() => preloadLiveUpdates(queryClient));
const router = createAppRouter();

// The first page's texts arrive before its first render: no key shows in their place. A failed load renders the keys.
void i18nReady
  .catch(() => undefined)
  .then(() => {
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
