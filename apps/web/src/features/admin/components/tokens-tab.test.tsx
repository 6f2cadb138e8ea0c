import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { AdminApiTokenPage } from '@drapeau/shared';

import { buildAdmin } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

describe('API tokens tab', () => {
  it('lists every player’s tokens by name and hint, and revokes one', async () => {
    let tokens: AdminApiTokenPage['tokens'] = [
      {
        id: 'tok-1',
        name: 'solver',
        hint: 'x9Qz',
        userId: 'u-alice',
        username: 'alice',
        createdAt: '2026-01-05T10:00:00.000Z',
        expiresAt: '2026-02-04T10:00:00.000Z',
        lastUsedAt: null,
        scope: 'player',
      },
    ];
    const api = createAdminServer([buildAdmin()], { totalUsers: 1, admins: 1, totalPoints: 0, avgScore: 0 });
    server.use(
      ...api.handlers,
      http.get('/api/admin/tokens', () =>
        HttpResponse.json<AdminApiTokenPage>({ tokens, total: tokens.length, page: 1, pageSize: 50 }),
      ),
      http.delete<{ id: string }>('/api/admin/tokens/:id', ({ params }) => {
        tokens = tokens.filter((token) => token.id !== params.id);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/admin?tab=tokens', { sessionUser: buildAdmin() });
    const revoke = await screen.findByRole('button', { name: 'Revoke the token solver of alice' });
    expect(within(revoke.closest('li')!).getByText('…x9Qz')).toBeInTheDocument();
    await user.click(revoke);
    await waitFor(() => expect(screen.getByText('No player has an API token.')).toBeInTheDocument());
  });
});
