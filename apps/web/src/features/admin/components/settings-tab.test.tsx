import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_PLATFORM_SETTINGS } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

beforeAll(async () => {
  await preloadPage.admin();
});

const STATS = { totalUsers: 2, admins: 1, totalPoints: 0, avgScore: 0 };

function renderSettings() {
  const api = createAdminServer([buildAdmin()], STATS);
  server.use(...api.handlers);
  return { ...renderApp('/admin?tab=settings', { sessionUser: buildAdmin() }), api };
}

describe('admin settings tab', () => {
  it('leaves admins and teachers unranked by default, and ranks them with one switch, saved on the server', async () => {
    const { user, api } = renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Rank admins and teachers' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/Admins and teachers are left off the leaderboard/);

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(api.state.requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/admin/settings', body: { rankStaff: true } },
    ]);
    expect(api.state.settings).toEqual({ ...DEFAULT_PLATFORM_SETTINGS, rankStaff: true });
    expect(await screen.findByText('Setting saved')).toBeInTheDocument();
  });

  it('switches team mode on and sets the team size, saved on the server', async () => {
    const { user, api } = renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Team mode' });
    expect(toggle).toHaveAccessibleDescription(/only while nobody has solved a challenge/);
    await user.click(toggle);
    await waitFor(() => expect(api.state.settings.teams).toEqual({ enabled: true, maxSize: 4 }));
    const size = screen.getByLabelText('Players per team');
    await user.clear(size);
    await user.type(size, '5');
    await user.click(screen.getByRole('button', { name: 'Save the size' }));
    await waitFor(() => expect(api.state.settings.teams).toEqual({ enabled: true, maxSize: 5 }));
    expect(api.state.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { teams: { enabled: true, maxSize: 4 } },
      { teams: { enabled: true, maxSize: 5 } },
    ]);
  });

  it('sets email verification to off, optional or required, each choice explained, saved on the server', async () => {
    const { user, api } = renderSettings();
    const group = await screen.findByRole('group', { name: 'Email verification' });
    const optional = within(group).getByRole('radio', { name: 'Optional' });
    expect(optional).toBeChecked();
    expect(optional).toHaveAccessibleDescription(/players can play before confirming/);
    expect(within(group).getByRole('radio', { name: 'Off' })).toHaveAccessibleDescription(/No confirmation mail at sign-up/);
    const required = within(group).getByRole('radio', { name: 'Required before playing' });
    expect(required).toHaveAccessibleDescription(
      /must confirm their address before they can see the challenges or submit a flag/,
    );

    await user.click(required);
    await waitFor(() => expect(required).toBeChecked());
    expect(api.state.requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/admin/settings', body: { emailVerification: 'required' } },
    ]);
    expect(api.state.settings.emailVerification).toBe('required');
    expect(await screen.findByText('Setting saved')).toBeInTheDocument();
  });

  it('switches the built-in pack’s per-player flags, a setting of its own route, saved on the server', async () => {
    const { user, api } = renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Per-player flags for the built-in pack' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(/a flag passed on to someone else is refused and reported under Incidents/);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(api.state.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/admin/settings/per-user-flags', body: { isBuiltInPackPerUser: false } },
    ]);
  });

  it('has a row for every setting of the API, the event’s on its own page, linked', async () => {
    renderSettings();
    await screen.findByRole('switch', { name: 'Per-player flags for the built-in pack' });
    const rows: Record<keyof typeof DEFAULT_PLATFORM_SETTINGS, () => HTMLElement> = {
      rankStaff: () => screen.getByRole('switch', { name: 'Rank admins and teachers' }),
      emailVerification: () => screen.getByRole('group', { name: 'Email verification' }),
      requireTwoFactorForAdmins: () => screen.getByRole('switch', { name: 'Require two-factor for admins' }),
      ctftimeFeedPublished: () => screen.getByRole('switch', { name: 'Publish the CTFtime feed outside an event' }),
      event: () => screen.getByRole('link', { name: 'Open the Event page' }),
      teams: () => screen.getByRole('switch', { name: 'Team mode' }),
    };
    expect(Object.keys(rows).sort()).toEqual(Object.keys(DEFAULT_PLATFORM_SETTINGS).sort());
    for (const row of Object.values(rows)) expect(row()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Event page' })).toHaveAttribute('href', '/admin/event/event');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderSettings();
    expect(await screen.findByRole('link', { name: 'Paramètres', current: 'page' })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Classer les admins et les enseignants' });
    expect(toggle).toHaveAccessibleDescription(/Les admins et les enseignants ne figurent ni au classement/);
    const group = screen.getByRole('group', { name: 'Vérification de l’adresse e-mail' });
    expect(within(group).getByRole('radio', { name: 'Facultative' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Obligatoire avant de jouer' })).toHaveAccessibleDescription(
      /avant de voir les défis ou de soumettre un flag/,
    );
    expect(within(group).getByRole('radio', { name: 'Désactivée' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Publier le flux CTFtime hors événement' })).toHaveAccessibleDescription(
      /sauf si vous activez ce réglage/,
    );
  });
});
