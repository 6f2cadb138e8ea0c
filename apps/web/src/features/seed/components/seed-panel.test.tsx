import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { buildAdmin, buildUser } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

describe('seed page', () => {
  it('tells a player that only admins can seed', async () => {
    renderApp('/seed', { sessionUser: buildUser() });
    expect(await screen.findByText('Only admins can seed data.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Seed Database' })).not.toBeInTheDocument();
  });

  it('seeds once for an admin, reports the counts and locks the button', async () => {
    const { user } = renderApp('/seed', { sessionUser: buildAdmin() });
    await user.click(await screen.findByRole('button', { name: 'Seed Database' }));

    expect(await screen.findByText('Added 20 challenges and 8 badges')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Database seeded' })).toBeDisabled();
  });

  it('shows the error and lets the admin try again', async () => {
    server.use(http.post('/api/admin/seed', () => errorResponse(403, 'FORBIDDEN')));
    const { user } = renderApp('/seed', { sessionUser: buildAdmin() });
    await user.click(await screen.findByRole('button', { name: 'Seed Database' }));

    expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seed Database' })).toBeEnabled();
  });
});
