import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { SessionResponse } from '@drapeau/shared';

import { buildAdmin, buildUser } from '@/testing/factories';
import { i18n } from '@/lib/i18n';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { DISCLAIMER_STORAGE_KEY } from './disclaimer-banner';

beforeAll(async () => {
  await preloadPage.signedInChrome();
});

describe('navigation bar', () => {
  it('shows the player links, avatar initial, username and score', async () => {
    renderApp('/challenges', { sessionUser: buildUser({ username: 'alice', score: 1250 }) });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });

    expect(within(nav).getByRole('link', { name: 'Challenges' })).toHaveAttribute('href', '/challenges');
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    // In the bar, the user chip is the profile link (the phone menu lists Profile too).
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Drapeau home' })).toHaveAttribute('href', '/challenges');
    expect(within(nav).queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();

    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const chip = within(nav).getByTitle('Your profile');
    expect(chip).toHaveAttribute('href', '/profile');
    expect(within(chip).getByText('alice')).toBeInTheDocument();
    expect(within(chip).getByText('1,250 pts')).toBeInTheDocument();
    expect(within(chip).getByText('a')).toBeInTheDocument();
  });

  it('marks Challenges as the current page on a challenge’s page too', async () => {
    renderApp('/challenge/xor-encryption', { sessionUser: buildUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const challenges = within(nav).getByRole('link', { name: 'Challenges' });
    expect(challenges).toHaveAttribute('aria-current', 'page');
    expect(challenges).toHaveClass('bg-accent');
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).not.toHaveAttribute('aria-current');
  });

  it('adds Admin Panel for admins (seeding is a page of it) and rings their avatar in red', async () => {
    renderApp('/challenges', { sessionUser: buildAdmin({ avatarUrl: 'data:image/jpeg;base64,AAAA' }) });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });

    expect(within(nav).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(within(nav).queryByRole('link', { name: 'Seed DB' })).not.toBeInTheDocument();
    const avatar = within(nav).getByRole('img', { name: 'root' });
    expect(avatar).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    expect(avatar.parentElement).toHaveClass('ring-destructive');
  });

  it('logs out and shows the login screen', async () => {
    let isSignedIn = true;
    server.use(
      http.get('/api/auth/session', () => HttpResponse.json<SessionResponse>({ user: isSignedIn ? buildUser() : null })),
      http.post('/api/auth/logout', () => {
        isSignedIn = false;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, router } = renderApp('/challenges');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('folds the links into a menu that opens and closes', async () => {
    const { user, router } = renderApp('/admin/content/seed', { sessionUser: buildAdmin() });
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('mobile-menu');
    expect(menu).not.toBeNull();
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await user.click(within(menu as HTMLElement).getByRole('link', { name: 'Challenges' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/challenges'));
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it.each(['en', 'fr'])('names each language button by what it shows first (%s)', async (language) => {
    window.localStorage.setItem('language', language);
    await i18n.changeLanguage(language);
    renderApp('/login');
    const group = await screen.findByRole('group', { name: language === 'en' ? 'Language' : 'Langue' });
    // A speech-input user says what they see: the names start with EN and FR, then say the language in full.
    expect(within(group).getByRole('button', { name: /^EN English$/ })).toHaveTextContent(/^EN/);
    expect(within(group).getByRole('button', { name: /^FR Français$/ })).toHaveTextContent(/^FR/);
  });

  it('shows a Login button instead to signed-out visitors', async () => {
    const { unmount } = renderApp('/register');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    unmount();

    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});

describe('language switch', () => {
  it('switches the interface to French and remembers it', async () => {
    const { user } = renderApp('/challenges', { sessionUser: buildUser() });
    await screen.findByRole('heading', { name: 'Challenges', level: 1 });
    await user.click(await screen.findByRole('button', { name: 'FR Français' }));

    expect(await screen.findByRole('heading', { name: 'Défis', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'FR Français' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    // The server reads it to send the next page's frame in French (apps/server/src/http/web-app.ts).
    expect(document.cookie.split('; ')).toContain('language=fr');
  });
});

describe('disclaimer banner', () => {
  it('tells the truth about this platform and stays away once dismissed', async () => {
    const { user, unmount } = renderApp('/');
    // Once the page is there.
    await screen.findByRole('heading', { level: 1 });
    const banner = await screen.findByRole('complementary', { name: 'Training platform' });
    expect(banner).toHaveTextContent('flags are checked on the server');
    expect(banner).toHaveTextContent("don't share flags");

    await user.click(within(banner).getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByRole('complementary', { name: 'Training platform' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISCLAIMER_STORAGE_KEY)).toBe('true');
    // The server reads it to send the next page without the banner (apps/server/src/http/web-app.ts).
    expect(document.cookie.split('; ')).toContain(`${DISCLAIMER_STORAGE_KEY}=true`);

    unmount();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByRole('complementary', { name: 'Training platform' })).not.toBeInTheDocument();
  });

  it('stays away when the server sent the page without it (its cookie, in a browser without storage)', async () => {
    document.documentElement.dataset.disclaimer = 'dismissed';
    try {
      renderApp('/login');
      await screen.findByRole('heading', { name: 'Welcome back' });
      expect(screen.queryByRole('complementary', { name: 'Training platform' })).not.toBeInTheDocument();
    } finally {
      delete document.documentElement.dataset.disclaimer;
    }
  });

  it('shows, with the header’s place, while the first page’s code is still loading', async () => {
    renderApp('/challenges', { sessionUser: buildUser() });
    // The page's code has not arrived yet: the frame is there already, the page's place holds a spinner.
    const banner = screen.getByRole('complementary', { name: 'Training platform' });
    expect(within(screen.getByRole('main')).getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Challenges', level: 1 })).toBeInTheDocument();
    // The page came under the same banner: it was not drawn a second time (docs/performance.md "Lighthouse").
    expect(screen.getByRole('complementary', { name: 'Training platform' })).toBe(banner);
  });
});
