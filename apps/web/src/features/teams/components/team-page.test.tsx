import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import type { OwnTeam } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildUser } from '@/testing/factories';
import { preloadPage, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createTeamsServer } from '../testing/teams-server';

beforeAll(async () => {
  await preloadPage.team();
});

const TEAM: OwnTeam = {
  id: 'team-1',
  name: 'Les Drapeaux',
  inviteCode: 'invite-code-0123456789a',
  maxSize: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  score: 150,
  solvedCount: 1,
  members: [
    { uid: 'captain-1', username: 'carole', isCaptain: true, joinedAt: '2026-01-01T00:00:00.000Z', points: 150, solvedCount: 1 },
  ],
};
const ME = buildUser({ uid: 'user-1', username: 'alice' });

function renderTeam(path: string, isMember: boolean, team: OwnTeam = TEAM) {
  const api = createTeamsServer({ team, isMember, joiner: { uid: ME.uid, username: ME.username } });
  server.use(...api.handlers);
  return { ...renderApp(path, { sessionUser: ME }), api };
}

describe('team page', () => {
  it('joins with the code of an invite link and shows the team, its captain and the Team link', async () => {
    const { user, api } = renderTeam(`/team?code=${TEAM.inviteCode}`, false);
    const code = await screen.findByLabelText('Invite code');
    expect(code).toHaveValue(TEAM.inviteCode);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
    await user.click(screen.getByRole('button', { name: 'Join' }));

    expect(await screen.findByTestId('team-name')).toHaveTextContent('Les Drapeaux');
    expect(api.state.requests).toEqual([{ method: 'POST', path: '/api/teams/join', body: { code: TEAM.inviteCode } }]);
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByRole('link', { name: 'carole' })).toHaveAttribute('href', '/user/captain-1');
    expect(within(members).getByText('Captain')).toBeInTheDocument();
    expect(within(members).getByText('You')).toBeInTheDocument();
    expect(screen.getByText('2 of 4 places taken')).toBeInTheDocument();
    // The team's score and each member's contribution (docs/product.md#teams).
    expect(screen.getByTestId('team-score')).toHaveTextContent('Team score: 150 points (1 challenge solved)');
    expect(
      within(members)
        .getAllByTestId('member-contribution')
        .map((c) => c.textContent),
    ).toEqual(['150 points, 1 solve', '0 points, 0 solves']);
    // A member is not the captain: no new code, no removing anyone.
    expect(screen.queryByRole('button', { name: 'New code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('lists the challenges the team drew first blood on', async () => {
    renderTeam('/team', true, { ...TEAM, firstBloods: ['dom-manipulation'] });
    expect(await screen.findByTestId('team-first-bloods')).toHaveTextContent('First blood on: dom-manipulation');
  });

  it('explains a wrong code in French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderTeam('/team', false);
    await user.type(await screen.findByLabelText('Code d’invitation'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce code d’invitation est faux ou n’est plus valable\u202f: demandez le code actuel à votre capitaine.',
      { normalizeWhitespace: false },
    );
    expect(screen.getByRole('heading', { name: 'Créer une équipe' })).toBeInTheDocument();
  });

  it('gives the captain the invite link and a new code on demand', async () => {
    const captainTeam = {
      ...TEAM,
      members: [{ uid: ME.uid, username: ME.username, isCaptain: true, joinedAt: TEAM.createdAt, points: 0, solvedCount: 0 }],
    };
    const { user } = renderTeam('/team', true, captainTeam);
    expect(await screen.findByLabelText('Invite link')).toHaveValue(`${window.location.origin}/team?code=${TEAM.inviteCode}`);
    await user.click(screen.getByRole('button', { name: 'New code' }));
    expect(await screen.findByDisplayValue('fresh-code-0123456789ab')).toBeInTheDocument();
    expect(await screen.findByText('The old code no longer works.')).toBeInTheDocument();
  });
});
