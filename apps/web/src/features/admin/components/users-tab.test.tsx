import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { expectSvgBadgeIcon } from '@/testing/badge-icon-assertions';
import { buildAdmin, buildUser } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

beforeAll(async () => {
  await preloadPage.admin();
});

const ADMIN = buildAdmin();
const ALICE = buildUser({ badges: ['first-blood'] });

function renderUsers() {
  const api = createAdminServer([ADMIN, ALICE], { totalUsers: 2, admins: 1, totalPoints: 90, avgScore: 45 });
  server.use(...api.handlers);
  const view = renderApp('/admin', { sessionUser: ADMIN });
  return { ...view, api };
}

// The first visit loads the lazy /admin route, which can take longer than the default second.
const row = (name: string) => screen.findByRole('listitem', { name });

describe('user management', () => {
  it('lists users with email, rank, score and badge chips', async () => {
    renderUsers();
    const alice = await row('alice');
    expect(within(alice).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(alice).getByText('Beginner')).toBeInTheDocument();
    expect(within(alice).getByText('45 pts')).toBeInTheDocument();
    expectSvgBadgeIcon(await within(alice).findByRole('button', { name: 'Remove badge First Blood' }));
    expect(within(await row('root')).getByText('Admin')).toBeInTheDocument();
  });

  it('disables Delete for oneself only', async () => {
    renderUsers();
    expect(within(await row('root')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(await row('alice')).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('sends the parsed score from the edit dialog', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Username')).toHaveValue('alice');

    const score = within(dialog).getByLabelText('Score');
    await user.clear(score);
    await user.type(score, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.state.requests.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/admin/users/user-1',
      body: { score: 120 },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(await row('alice')).getByText('120 pts')).toBeInTheDocument();
  });

  it('sends 0 when the score is not a number, with the other edited fields', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.clear(within(dialog).getByLabelText('Score'));
    await user.type(within(dialog).getByLabelText('Score'), 'abc');
    await user.type(within(dialog).getByLabelText('Bio'), 'Hello');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(api.state.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        bio: 'Hello',
        score: 0,
        rank: 'admin',
      }),
    );
  });

  it('keeps Award Badge disabled until a badge is chosen, and previews it', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Award Badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award Badge' });
    const submit = within(dialog).getByRole('button', { name: 'Award Badge' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Badge' }));
    await user.click(await screen.findByRole('option', { name: /Century Club/ }));
    expect(within(dialog).getByText('Score a hundred points')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('badge awarded successfully')).toBeInTheDocument();
    expect(api.state.requests.find((request) => request.method === 'POST')?.body).toEqual({ badgeId: 'century-club' });
  });

  it('refuses a badge the user already has with Already Awarded', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Award Badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award Badge' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Badge' }));
    await user.click(await screen.findByRole('option', { name: /First Blood/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Award Badge' }));

    expect(await screen.findByText('Already Awarded')).toBeInTheDocument();
    expect(screen.getByText('This user already has this badge.')).toBeInTheDocument();
    expect(api.state.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows Already Awarded when the server answers 409', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Award Badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award Badge' });
    // Another admin awards it meanwhile: the list the dialog opened with is out of date.
    api.state.users = api.state.users.map((u) => (u.uid === ALICE.uid ? { ...u, badges: ['first-blood', 'web-master'] } : u));
    await user.click(within(dialog).getByRole('combobox', { name: 'Badge' }));
    await user.click(await screen.findByRole('option', { name: /Web Master/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Award Badge' }));

    expect(await screen.findByText('Already Awarded')).toBeInTheDocument();
    expect(screen.getByText('This user already has this badge.')).toBeInTheDocument();
  });

  it('removes a badge when its chip is clicked', async () => {
    const { user, api } = renderUsers();
    const alice = await row('alice');
    await user.click(await within(alice).findByRole('button', { name: 'Remove badge First Blood' }));

    expect(await screen.findByText('Badge removed successfully')).toBeInTheDocument();
    expect(api.state.requests.find((request) => request.method === 'DELETE')?.path).toBe(
      '/api/admin/users/user-1/badges/first-blood',
    );
    await waitFor(() =>
      expect(within(alice).queryByRole('button', { name: 'Remove badge First Blood' })).not.toBeInTheDocument(),
    );
  });

  it('asks for confirmation with the name, then deletes the user', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(within(dialog).getByText('Are you sure you want to delete alice? This action cannot be undone.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(api.state.requests.find((request) => request.method === 'DELETE')?.path).toBe('/api/admin/users/user-1');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'alice' })).not.toBeInTheDocument());
  });

  it('searches on the server once typing pauses', async () => {
    const { user, api } = renderUsers();
    await row('alice');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'roo');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'alice' })).not.toBeInTheDocument());
    const searches = api.state.requests.filter((request) => request.path.startsWith('/api/admin/users?'));
    expect(searches.map((request) => request.path)).toEqual(['/api/admin/users?page=1', '/api/admin/users?page=1&search=roo']);
  });

  it('resets a player’s second factor after a confirmation naming them', async () => {
    const reset: string[] = [];
    const { user } = renderUsers();
    server.use(
      http.delete<{ userId: string }>('/api/admin/users/:userId/two-factor', ({ params }) => {
        reset.push(params.userId);
        return HttpResponse.json({ ok: true });
      }),
    );
    await user.click(within(await row('alice')).getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset two-factor' });
    expect(dialog).toHaveTextContent('alice');
    expect(reset).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(reset).toEqual([ALICE.uid]));
  });
});
