import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { SessionResponse } from '@drapeau/shared';

import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

describe('route guards', () => {
  it('shows a spinner while the session loads', async () => {
    server.use(
      http.get('/api/auth/session', async () => {
        await delay('infinite');
        return HttpResponse.json<SessionResponse>({ user: null });
      }),
    );
    const { router } = renderApp('/challenges');
    // The guard's spinner, inside the shell's main: while the page's code loads, the router shows its own fallback
    // spinner in place of the whole shell, and then replaces it.
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('status', { name: 'Loading...' })).toBeVisible());
    expect(router.state.location.pathname).toBe('/challenges');
  });

  it.each(['/challenges', '/challenge/dom-manipulation', '/leaderboard', '/profile', '/account', '/user/u1', '/admin', '/seed'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each(['/', '/login', '/register'])('sends a signed-in user from %s to /challenges', async (path) => {
    const { router } = renderApp(path, { sessionUser: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/challenges');
  });

  it('shows the landing page to a signed-out visitor on /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Learn security by capturing flags' })).toBeInTheDocument();
  });

  it('offers a retry when the session cannot be checked', async () => {
    server.use(http.get('/api/auth/session', () => HttpResponse.error()));
    const { user } = renderApp('/challenges');
    expect(await screen.findByText('We could not reach the server to check your session.')).toBeInTheDocument();

    server.use(http.get('/api/auth/session', () => HttpResponse.json<SessionResponse>({ user: buildUser() })));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
  });

  it('goes to /login when the session ends while a page loads', async () => {
    server.use(
      http.get('/api/challenges', () =>
        HttpResponse.json({ error: { code: 'UNAUTHENTICATED', message: 'Session expired' } }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/challenges', { sessionUser: buildUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('404 page', () => {
  it('says Access Denied with the spec text and both buttons', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('The requested endpoint does not exist in the system.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Challenges' })).toHaveAttribute('href', '/challenges');
  });

  it('goes back in history with Go Back', async () => {
    const { user, router } = renderApp(['/challenges', '/nowhere'], { sessionUser: buildUser() });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
  });

  it('returns to the challenges', async () => {
    const { user, router } = renderApp('/nowhere', { sessionUser: buildUser() });
    await user.click(await screen.findByRole('link', { name: 'Return to Challenges' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
  });
});
