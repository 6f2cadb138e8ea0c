import { http, HttpResponse } from 'msw';

import type { MyTeamResult, OwnTeam } from '@drapeau/shared';

import { errorResponse } from '@/testing/handlers';

/** A team-mode server for component tests: one team with an invite code, joined or not by the signed-in player. */
export function createTeamsServer(options: { team: OwnTeam; isMember: boolean; joiner: { uid: string; username: string } }) {
  const state = {
    team: options.team,
    isMember: options.isMember,
    requests: [] as { method: string; path: string; body: unknown }[],
  };
  const mine = (): MyTeamResult => ({ isTeamMode: true, team: state.isMember ? state.team : null });
  const handlers = [
    http.get('/api/teams/mine', () => HttpResponse.json<MyTeamResult>(mine())),
    http.post('/api/teams/join', async ({ request }): Promise<Response> => {
      const body = (await request.json()) as { code: string };
      state.requests.push({ method: 'POST', path: '/api/teams/join', body });
      const isRight = body.code === state.team.inviteCode;
      if (isRight) {
        state.isMember = true;
        state.team = {
          ...state.team,
          members: [
            ...state.team.members,
            { ...options.joiner, isCaptain: false, joinedAt: '2026-01-02T00:00:00.000Z', points: 0, solvedCount: 0 },
          ],
        };
      }
      return isRight ? HttpResponse.json<OwnTeam>(state.team) : errorResponse(404, 'TEAM_INVITE_INVALID');
    }),
    http.post('/api/teams/mine/invite-code', () => {
      state.requests.push({ method: 'POST', path: '/api/teams/mine/invite-code', body: null });
      state.team = { ...state.team, inviteCode: 'fresh-code-0123456789ab' };
      return HttpResponse.json<OwnTeam>(state.team);
    }),
  ];
  return { state, handlers };
}
