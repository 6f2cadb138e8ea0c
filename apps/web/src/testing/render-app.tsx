import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';

import type { PublicUser } from '@drapeau/shared';

import { AppFrame } from '@/app/layout/app-frame';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

import { sessionHandler } from './handlers';
import { server } from './server';

interface RenderAppOptions {
  /** The signed-in user, or null for a visitor. Left out: the session handlers in place answer (default: visitor). */
  sessionUser?: PublicUser | null;
}

/**
 * Mounts the whole app (providers, frame, shell, routes) against the MSW test server. `path` is the page to open; an array
 * is a browser history whose last entry is the current page.
 */
export function renderApp(path: string | string[], { sessionUser }: RenderAppOptions = {}) {
  if (sessionUser !== undefined) server.use(sessionHandler(sessionUser));
  const entries = typeof path === 'string' ? [path] : path;
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppFrame>
        <RouterProvider router={router} />
      </AppFrame>
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/**
 * Loads a signed-in page's lazy chunk before a test file's tests, so that the first test's wait for the page covers
 * rendering only (the chunk's first load transforms its code, the Markdown renderer included).
 */
export const preloadPage = {
  challengeDetail: () => import('@/app/routes/challenge-detail'),
  admin: () => import('@/app/routes/admin'),
  team: () => import('@/app/routes/team'),
  /** The signed-in nav bar, loaded when a session exists. */
  signedInChrome: () => import('@/app/layout/signed-in-chrome'),
};
