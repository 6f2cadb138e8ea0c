import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { expectSvgBadgeIcon } from '@/testing/badge-icon-assertions';
import { buildAdmin, buildUser } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

beforeAll(async () => {
  await preloadPage.admin();
});

const STATS = { totalUsers: 1234, admins: 2, totalPoints: 56789, avgScore: 46 };

function renderAdmin(path = '/admin') {
  const api = createAdminServer([buildAdmin(), buildUser()], STATS);
  server.use(...api.handlers);
  const view = renderApp(path, { sessionUser: buildAdmin() });
  return { ...view, api };
}

describe('admin panel', () => {
  it('denies a player and sends no admin request', async () => {
    const api = createAdminServer([], STATS);
    server.use(...api.handlers);
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => urls.push(new URL(request.url).pathname));
    renderApp('/admin', { sessionUser: buildUser() });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You must be an admin to access this page.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
    expect(urls.filter((url) => url.startsWith('/api/admin'))).toEqual([]);
    expect(api.state.requests).toEqual([]);
    server.events.removeAllListeners();
  });

  it('speaks French when the language is French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/admin', { sessionUser: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText('Vous devez être administrateur pour accéder à cette page.')).toBeInTheDocument();
  });

  it('shows the four stat cards', async () => {
    renderAdmin();
    const stats = await screen.findByRole('list', { name: 'Platform statistics' });
    const card = (name: string) => within(stats).getByRole('group', { name });
    expect(await within(card('Total Users')).findByText('1,234')).toBeInTheDocument();
    expect(within(card('Admins')).getByText('2')).toBeInTheDocument();
    expect(within(card('Total Points')).getByText('56,789')).toBeInTheDocument();
    expect(within(card('Avg Score')).getByText('46')).toBeInTheDocument();
  });

  it('groups its pages into four sections with their own addresses, Users first', async () => {
    const { router } = renderAdmin();
    const sections = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/people/users', '/admin/content/challenges', '/admin/event/event', '/admin/platform/settings']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/people/users'));
    expect(within(sections).getByRole('link', { current: 'page' })).toHaveAccessibleName(/^People/);
    const pages = screen.getByRole('navigation', { name: 'Pages of People' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Users', 'Teams']);
    expect(within(pages).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['content', 'flags', ['Challenges', 'Flags', 'Badges', 'Built-in pack']],
    ['event', 'submissions', ['Event', 'Past events', 'Announcements', 'Submissions', 'Incidents', 'Instances']],
    ['platform', 'settings', ['Settings', 'Mail outbox', 'Audit log', 'API tokens', 'Backups']],
  ])('lists the pages of the %s section, the open one marked', async (section, page, names) => {
    renderAdmin(`/admin/${section}/${page}`);
    const label = { content: 'Content', event: 'Event', platform: 'Platform' }[section]!;
    const pages = await screen.findByRole('navigation', { name: `Pages of ${label}` });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(names);
    expect(within(pages).getByRole('link', { current: 'page' })).toHaveAttribute('href', `/admin/${section}/${page}`);
  });

  it('opens the page a former address named (/admin?tab=flags)', async () => {
    const { router } = renderAdmin('/admin?tab=flags');
    expect(await screen.findByText(/Keep these secret/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/content/flags');
  });

  it('keeps the other parameters of a former address (?tab=flags&edit=x)', async () => {
    const { router } = renderAdmin('/admin?tab=flags&edit=x');
    expect(await screen.findByText(/Keep these secret/)).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/content/flags?edit=x');
  });

  it('lists every badge with icon, name, description and id', async () => {
    renderAdmin('/admin/content/badges');
    const badge = await screen.findByRole('group', { name: 'Century Club' });
    expectSvgBadgeIcon(badge);
    expect(within(badge).getByText('Score a hundred points')).toBeInTheDocument();
    expect(within(badge).getByText('Reach 100 points')).toBeInTheDocument();
    expect(within(badge).getByText('century-club')).toBeInTheDocument();
  });

  it('lists submissions and filters them on the server', async () => {
    const { user, api } = renderAdmin('/admin?tab=submissions');
    const table = await screen.findByRole('table', { name: 'Submissions' });
    expect(await within(table).findByText('CTF{dom_guess}')).toHaveClass('font-mono');
    expect(within(table).getByText('Incorrect')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.7')).toBeInTheDocument();
    expect(await within(table).findByText('DOM Manipulation')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'Correct' }));
    await expect
      .poll(() => api.state.requests.map((request) => request.path))
      .toContain('/api/admin/submissions?page=1&result=correct');
  });

  it('shows the audit log with translated actions and details', async () => {
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('link', { name: /^Platform/ }));
    await user.click(await screen.findByRole('link', { name: 'Audit log' }));
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(await within(table).findByText('Score changed')).toBeInTheDocument();
    expect(within(table).getByText('45 → 120')).toBeInTheDocument();
    expect(within(table).getByText('century-club')).toBeInTheDocument();
  });

  it('hides the flags until asked and warns that they are secret', async () => {
    const { user } = renderAdmin('/admin?tab=flags');
    expect(await screen.findByText(/Keep these secret/)).toBeInTheDocument();
    const flag = 'CTF{dom_manipulation_0123456789abcdef01234567}';
    expect(await screen.findByRole('button', { name: 'Copy the flag of DOM Manipulation' })).toBeInTheDocument();
    expect(screen.queryByText(flag)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show flags' }));
    expect(screen.getByText(flag)).toHaveClass('font-mono');
  });
});
