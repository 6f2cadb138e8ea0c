import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import type { ApiToken, CreatedApiToken } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const SECRET = 'drp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

/** A small in-memory API: what the server keeps is the list without the token. */
function useTokenServer() {
  let tokens: ApiToken[] = [];
  const bodies: object[] = [];
  server.use(
    http.get('/api/badges', () => HttpResponse.json({ badges: [] })),
    http.get('/api/tokens', () => HttpResponse.json({ tokens })),
    http.post('/api/tokens', async ({ request }) => {
      const body = (await request.json()) as { name: string; expiresInDays: number; scope: ApiToken['scope'] };
      bodies.push(body);
      const token: ApiToken = {
        id: `t${tokens.length + 1}`,
        name: body.name,
        hint: SECRET.slice(-4),
        createdAt: '2026-01-05T10:00:00.000Z',
        expiresAt: '2026-02-04T10:00:00.000Z',
        lastUsedAt: null,
        scope: body.scope,
      };
      tokens = [token, ...tokens];
      return HttpResponse.json<CreatedApiToken>({ ...token, token: SECRET }, { status: 201 });
    }),
    http.delete<{ id: string }>('/api/tokens/:id', ({ params }) => {
      tokens = tokens.filter((token) => token.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return { bodies };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('API tokens on the account page', () => {
  it('shows a new token once, lists it by name and hint only, and revokes it', async () => {
    useTokenServer();
    const { user } = renderApp('/account', { sessionUser: buildUser() });
    expect(await screen.findByText('You have no API token.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Token name'), 'solver');
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    expect(await screen.findByTestId('new-api-token')).toHaveTextContent(SECRET);
    const item = (await screen.findByRole('button', { name: 'Revoke the token solver' })).closest('li')!;
    expect(within(item).getByText(`…${SECRET.slice(-4)}`)).toBeInTheDocument();
    expect(item.textContent).not.toContain(SECRET);

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke the token solver' }));
    expect(await screen.findByText('You have no API token.')).toBeInTheDocument();
  });

  it('makes player tokens only for a player, and shows the scope in the list', async () => {
    const { bodies } = useTokenServer();
    const { user } = renderApp('/account', { sessionUser: buildUser() });
    await user.type(await screen.findByLabelText('Token name'), 'solver');
    expect(screen.queryByLabelText('Scope')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    const item = (await screen.findByRole('button', { name: 'Revoke the token solver' })).closest('li')!;
    expect(within(item).getByText('Player')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'solver', expiresInDays: 90, scope: 'player' }]);
  });

  it('lets an admin ask for an admin token, with a code from the app and at most 30 days', async () => {
    const { bodies } = useTokenServer();
    const { user } = renderApp('/account', { sessionUser: buildUser({ rank: 'admin' }) });
    await user.type(await screen.findByLabelText('Token name'), 'ops');
    expect(screen.queryByLabelText('Code from the app')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Scope'), 'admin');
    expect(screen.getByLabelText('Valid for (days)')).toHaveValue(30);
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    const item = (await screen.findByRole('button', { name: 'Revoke the token ops' })).closest('li')!;
    expect(within(item).getByText('Admin')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'ops', expiresInDays: 30, scope: 'admin', totpCode: '123456' }]);
  });

  it('lets a teacher ask for a teacher token, says what it reaches, and offers no admin scope', async () => {
    const { bodies } = useTokenServer();
    const { user } = renderApp('/account', { sessionUser: buildUser({ rank: 'teacher' }) });
    await user.type(await screen.findByLabelText('Token name'), 'matrix export');
    expect(screen.getByText(/A teacher token also reaches your classes/)).toBeInTheDocument();
    const scope = screen.getByLabelText('Scope');
    expect(
      within(scope)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Player', 'Teacher']);
    await user.selectOptions(scope, 'teacher');
    expect(screen.queryByLabelText('Code from the app')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    const item = (await screen.findByRole('button', { name: 'Revoke the token matrix export' })).closest('li')!;
    expect(within(item).getByText('Teacher')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'matrix export', expiresInDays: 90, scope: 'teacher' }]);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    useTokenServer();
    renderApp('/account', { sessionUser: buildUser() });
    expect(await screen.findByText('Vous n’avez aucun jeton d’API.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer un jeton' })).toBeInTheDocument();
  });
});
