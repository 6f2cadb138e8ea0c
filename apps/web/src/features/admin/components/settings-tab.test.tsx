import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DEFAULT_PLATFORM_SETTINGS } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

const STATS = { totalUsers: 2, admins: 1, totalPoints: 0, avgScore: 0 };

function renderSettings() {
  const api = createAdminServer([buildAdmin()], STATS);
  server.use(...api.handlers);
  return { ...renderApp('/admin?tab=settings', { sessionUser: buildAdmin() }), api };
}

describe('admin settings tab', () => {
  it('shows admins on the leaderboard by default, and hides them with one switch, saved on the server', async () => {
    const { user, api } = renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Hide admins from the leaderboard' }, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/Admins are shown on the leaderboard with the rank Admin/);

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(api.state.requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/admin/settings', body: { hideAdminsFromLeaderboard: true } },
    ]);
    expect(api.state.settings).toEqual({ ...DEFAULT_PLATFORM_SETTINGS, hideAdminsFromLeaderboard: true });
    expect(await screen.findByText('Setting saved')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderSettings();
    expect(await screen.findByRole('tab', { name: 'Paramètres', selected: true })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Masquer les admins du classement' }, { timeout: 5000 });
    expect(toggle).toHaveAccessibleDescription(/Les admins figurent au classement avec le rang Admin/);
  });
});
