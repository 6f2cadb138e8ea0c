import './lib/zod-config';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppFrame } from './app/layout/app-shell';
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
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <AppFrame>
            <RouterProvider router={router} />
          </AppFrame>
        </AppProviders>
      </StrictMode>,
    );
  });
