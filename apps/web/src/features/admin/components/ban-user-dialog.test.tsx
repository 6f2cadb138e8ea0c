import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { buildAdmin, buildUser } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

import { buildBanBody } from './ban-user-dialog';

beforeAll(async () => {
  await preloadPage.admin();
});

const ADMIN = buildAdmin();
const ALICE = buildUser();
const BOB = buildUser({
  uid: 'user-2',
  username: 'bob',
  email: 'bob@example.com',
  ban: { reason: 'Shared flags in the chat', until: '2099-06-01T10:30:00.000Z' },
});

function renderUsers() {
  const api = createAdminServer([ADMIN, ALICE, BOB], { totalUsers: 3, admins: 1, totalPoints: 90, avgScore: 30 });
  server.use(...api.handlers);
  return { ...renderApp('/admin', { sessionUser: ADMIN }), api };
}

const row = (name: string) => screen.findByRole('listitem', { name });
const banRequests = (api: ReturnType<typeof renderUsers>['api']) => api.state.requests.filter((r) => r.path.endsWith('/ban'));

describe('suspending an account', () => {
  it('asks for a reason and a future end, sends them, then shows the suspension in the list', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend account' });
    const reason = within(dialog).getByLabelText('Reason');
    const until = within(dialog).getByLabelText('Until (optional)');

    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(reason).toHaveAccessibleDescription('Give a reason: the player sees it when signing in.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.type(reason, '  Shared flags in the chat ');
    fireEvent.change(until, { target: { value: '2020-01-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(until).toHaveAccessibleDescription('The end of a suspension must be in the future.');
    expect(banRequests(api)).toEqual([]);

    fireEvent.change(until, { target: { value: '2099-06-01T10:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('alice is suspended.')).toBeInTheDocument();
    expect(banRequests(api)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/users/user-1/ban',
        body: { reason: 'Shared flags in the chat', until: new Date('2099-06-01T10:30').toISOString() },
      },
    ]);
    const alice = await row('alice');
    await waitFor(() => expect(within(alice).getByText('Suspended')).toBeInTheDocument());
    expect(alice).toHaveTextContent(/Suspended until .*2099.*\. Reason: Shared flags in the chat/);
  });

  it('suspends until restored when no end is given', async () => {
    const { user, api } = renderUsers();
    await user.click(within(await row('alice')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend account' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Cheating');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(banRequests(api).map((r) => r.body)).toEqual([{ reason: 'Cheating' }]));
    expect(await within(await row('alice')).findByText(/Suspended until restored\./)).toBeInTheDocument();
  });

  it('shows who is suspended, why and until when, and restores them in one click', async () => {
    const { user, api } = renderUsers();
    const bob = await row('bob');
    expect(within(bob).getByText('Suspended')).toBeInTheDocument();
    expect(bob).toHaveTextContent(/Suspended until .*2099.*\. Reason: Shared flags in the chat/);
    expect(within(bob).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();

    await user.click(within(bob).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('bob can sign in again.')).toBeInTheDocument();
    expect(banRequests(api)).toEqual([{ method: 'DELETE', path: '/api/admin/users/user-2/ban', body: undefined }]);
    await waitFor(() => expect(within(bob).queryByText('Suspended')).not.toBeInTheDocument());
    expect(within(bob).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('offers no suspension of one’s own account', async () => {
    renderUsers();
    expect(within(await row('root')).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderUsers();
    const bob = await row('bob');
    expect(bob).toHaveTextContent(/Suspendu jusqu’au .*2099.*\. Motif\s: Shared flags in the chat/);
    await user.click(within(await row('alice')).getByRole('button', { name: 'Suspendre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre le compte' });
    await user.type(within(dialog).getByLabelText('Motif'), 'Triche');
    fireEvent.change(within(dialog).getByLabelText('Jusqu’au (facultatif)'), { target: { value: '2020-01-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    expect(within(dialog).getByLabelText('Jusqu’au (facultatif)')).toHaveAccessibleDescription(
      'La fin d’une suspension doit être dans le futur.',
    );
  });
});

describe('buildBanBody', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('refuses a blank reason and an end that is not after now', () => {
    expect(buildBanBody('   ', '', now)).toBe('reasonRequired');
    expect(buildBanBody('x', new Date('2026-01-01T12:00:00Z').toISOString(), now)).toBe('untilPast');
    expect(buildBanBody('x', 'not a date', now)).toBe('untilPast');
  });
  it('trims the reason and sends the end as an ISO instant', () => {
    expect(buildBanBody(' x ', '', now)).toEqual({ reason: 'x' });
    expect(buildBanBody('x', '2026-01-02T00:00:00Z', now)).toEqual({ reason: 'x', until: '2026-01-02T00:00:00.000Z' });
  });
});
