import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import type { SharedFlagIncident } from '@drapeau/shared';

import { i18n } from '@/lib/i18n';
import { buildAdmin } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { createAuthoringServer } from '../testing/authoring-server';

const SOLO: SharedFlagIncident = {
  id: 1,
  challengeId: 'caesar-cipher',
  submitterId: 'u-2',
  submitterName: 'mallory',
  ownerId: 'u-1',
  ownerName: 'alice',
  createdAt: '2026-01-01T10:00:00.000Z',
};
// docs/decisions/016-teams.md: in team mode the flag was a team's; the incident names both teams.
const TEAM: SharedFlagIncident = {
  ...SOLO,
  id: 2,
  submitterTeamName: 'Copiers',
  ownerTeamId: 't-1',
  ownerTeamName: 'Owners',
};
const EMPTY_TEAM: SharedFlagIncident = { ...TEAM, id: 3, ownerId: null, ownerName: '', ownerTeamName: 'Gone' };

function renderIncidents() {
  server.use(...createAuthoringServer([]).handlers);
  server.use(http.get('/api/admin/incidents', () => HttpResponse.json({ incidents: [EMPTY_TEAM, TEAM, SOLO] })));
  return renderApp('/admin?tab=incidents', { sessionUser: buildAdmin() });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('shared-flag incidents', () => {
  it('name the players, and in team mode both teams', async () => {
    renderIncidents();
    expect(await screen.findByText('mallory submitted the flag of alice on caesar-cipher')).toBeInTheDocument();
    expect(
      screen.getByText('mallory (team Copiers) submitted the flag of team Owners (alice) on caesar-cipher'),
    ).toBeInTheDocument();
    expect(screen.getByText('mallory (team Copiers) submitted the flag of team Gone on caesar-cipher')).toBeInTheDocument();
  });

  it('in French', async () => {
    await i18n.changeLanguage('fr');
    renderIncidents();
    expect(
      await screen.findByText('mallory (équipe Copiers) a soumis le flag de l’équipe Owners (alice) sur caesar-cipher'),
    ).toBeInTheDocument();
  });
});
