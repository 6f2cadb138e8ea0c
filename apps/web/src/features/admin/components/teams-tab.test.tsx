import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_PAGE_SIZE, type AdminTeam } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin, buildUser } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAdminServer } from '../testing/admin-server';

beforeAll(async () => {
  await preloadPage.admin();
});

interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

const ADMIN = buildAdmin();
const ALICE = buildUser();

const team = (overrides: Partial<AdminTeam>): AdminTeam => ({
  id: 'team-1',
  name: 'Owls',
  inviteCode: 'code-1',
  captainId: 'user-1',
  createdAt: '2026-01-01T10:00:00.000Z',
  members: [{ uid: 'user-1', username: 'alice', joinedAt: '2026-01-01T10:00:00.000Z' }],
  score: 120,
  scoreAdjustment: 0,
  solvedCount: 3,
  ...overrides,
});

/** The admin API of the panel, and /api/admin/teams over a list that changes with each call. */
function renderTeams() {
  const api = createAdminServer([ADMIN, ALICE], { totalUsers: 2, admins: 1, totalPoints: 120, avgScore: 60 });
  let teams = [
    team({}),
    team({ id: 'team-2', name: 'Foxes', captainId: null, members: [], score: -5, scoreAdjustment: -5, solvedCount: 0 }),
  ];
  const requests: RecordedRequest[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json();
    requests.push({ method: request.method, path: url.pathname, body });
    return body as Record<string, unknown> | undefined;
  };
  server.use(
    ...api.handlers,
    http.get('/api/admin/teams', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      const found = teams.filter(
        (t) => t.name.toLowerCase().includes(search) || t.members.some((m) => m.username.includes(search)),
      );
      return HttpResponse.json({ teams: found, total: found.length, page: 1, pageSize: ADMIN_PAGE_SIZE });
    }),
    http.post('/api/admin/teams', async ({ request }) => {
      const body = await record(request);
      if (String(body?.name).toLowerCase() === 'owls') return errorResponse(409, 'TEAM_NAME_TAKEN');
      const created = team({ id: 'team-3', name: String(body?.name), captainId: null, members: [], score: 0, solvedCount: 0 });
      teams = [...teams, created];
      return HttpResponse.json(created);
    }),
    http.put('/api/admin/teams/:teamId/adjustment', async ({ request, params }) => {
      const body = await record(request);
      teams = teams.map((t) => (t.id === params.teamId ? { ...t, scoreAdjustment: Number(body?.adjustment) } : t));
      return HttpResponse.json(teams.find((t) => t.id === params.teamId));
    }),
    http.delete('/api/admin/teams/:teamId', async ({ request, params }) => {
      await record(request);
      teams = teams.filter((t) => t.id !== params.teamId);
      return HttpResponse.json({ removedSolves: 3, formerMembers: 1 });
    }),
    http.post('/api/admin/teams/:teamId/members', async ({ request, params }) => {
      const body = await record(request);
      teams = teams.map((t) =>
        t.id === params.teamId
          ? { ...t, members: [...t.members, { uid: String(body?.userId), username: 'alice', joinedAt: t.createdAt }] }
          : t,
      );
      return HttpResponse.json(teams.find((t) => t.id === params.teamId));
    }),
    http.post('/api/admin/teams/:teamId/merge', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ team: teams[1], movedMembers: 1, movedSolves: 3, removedSolves: 1 });
    }),
  );
  const view = renderApp('/admin?tab=teams', { sessionUser: ADMIN });
  return { ...view, requests };
}

const row = (name: string) => screen.findByRole('listitem', { name });

describe('the Teams tab', () => {
  it('lists teams with members, captain and score, and creates one (a taken name is explained)', async () => {
    const { user, requests } = renderTeams();
    const owls = await row('Owls');
    expect(owls).toHaveTextContent('120 pts');
    expect(owls).toHaveTextContent('1 member');
    expect(within(owls).getByRole('img', { name: 'captain' })).toBeInTheDocument();
    expect(within(owls).getByRole('button', { name: 'Remove alice from the team' })).toBeInTheDocument();
    expect(await row('Foxes')).toHaveTextContent('including an adjustment of -5');

    await user.click(screen.getByRole('button', { name: 'New team' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create a team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'OWLS');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A team already has this name.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Team name'));
    await user.type(within(dialog).getByLabelText('Team name'), 'Badgers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await row('Badgers')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ name: 'OWLS' }, { name: 'Badgers' }]);

    await user.click(within(await row('Owls')).getByRole('button', { name: 'Adjust score' }));
    dialog = await screen.findByRole('dialog', { name: 'Adjust the score of Owls' });
    await user.clear(within(dialog).getByLabelText('Adjustment (points)'));
    await user.type(within(dialog).getByLabelText('Adjustment (points)'), '-10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Shared a flag');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/admin/teams/team-1/adjustment',
        body: { adjustment: -10, reason: 'Shared a flag' },
      }),
    );
  });

  it('moves a player found by name into a team', async () => {
    const { user, requests } = renderTeams();
    await user.click(within(await row('Foxes')).getByRole('button', { name: 'Add or move a player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move a player into Foxes' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search players' }), 'alice');
    await user.click(await within(dialog).findByRole('button', { name: 'Move alice here' }));
    expect(await screen.findByText('alice moved to Foxes')).toBeInTheDocument();
    expect(requests).toContainEqual({ method: 'POST', path: '/api/admin/teams/team-2/members', body: { userId: 'user-1' } });
    expect(await row('Foxes')).toHaveTextContent('1 member');
  });

  it('says how many solves a deletion removes, then deletes', async () => {
    const { user, requests } = renderTeams();
    await user.click(within(await row('Owls')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Owls?' });
    expect(dialog).toHaveTextContent('Its 3 solves are removed too');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the team' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Owls' })).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'DELETE', path: '/api/admin/teams/team-1', body: undefined });
  });

  it('speaks French, with French typography, and merges a team into another', async () => {
    await i18n.changeLanguage('fr');
    const { user, requests } = renderTeams();
    const owls = await row('Owls');
    expect(owls).toHaveTextContent('1 membre');
    expect(await row('Foxes')).toHaveTextContent('dont un ajustement de -5');
    await user.click(within(owls).getByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer «\u202fOwls\u202f»\u202f?' });
    expect(confirm).toHaveTextContent('Ses 3 résolutions sont retirées aussi');
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));

    await user.click(within(owls).getByRole('button', { name: 'Fusionner dans…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fusionner «\u202fOwls\u202f» dans une autre équipe' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Équipe qui reste' }));
    await user.click(await screen.findByRole('option', { name: 'Foxes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Fusionner' }));
    const done = await screen.findByText(/^Fusion faite\./);
    expect(done.textContent).toBe(
      'Fusion faite. Membres déplacés\u202f: 1\u202f; résolutions déplacées\u202f: 3\u202f; résolutions retirées\u202f: 1.',
    );
    expect(requests).toContainEqual({ method: 'POST', path: '/api/admin/teams/team-2/merge', body: { fromTeamId: 'team-1' } });
  });
});
