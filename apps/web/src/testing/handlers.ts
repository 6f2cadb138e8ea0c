import { http, HttpResponse } from 'msw';

import type {
  AuthResponse,
  ErrorBody,
  ErrorCode,
  LabResponse,
  PublicChallenge,
  PublicStats,
  PublicUser,
  SeedResult,
  SessionResponse,
  SubmitFlagResult,
} from '@drapeau/shared';

import { buildCatalogue, buildStats, buildUser } from './factories';

/** An error reply in the API's `{ error: { code, message } }` shape. */
export function errorResponse(status: number, code: ErrorCode, extra: Partial<ErrorBody['error']> = {}) {
  return HttpResponse.json<ErrorBody>({ error: { code, message: `${code} from the test server`, ...extra } }, { status });
}

export function sessionHandler(user: PublicUser | null) {
  return http.get('/api/auth/session', () => HttpResponse.json<SessionResponse>({ user }));
}

export function challengesHandler(challenges: PublicChallenge[]) {
  return [
    http.get('/api/challenges', () => HttpResponse.json<{ challenges: PublicChallenge[] }>({ challenges })),
    http.get<{ id: string }>('/api/challenges/:id', ({ params }) => {
      const challenge = challenges.find((candidate) => candidate.id === params.id);
      return challenge ? HttpResponse.json<PublicChallenge>(challenge) : errorResponse(404, 'CHALLENGE_NOT_FOUND');
    }),
  ];
}

export function submitHandler(result: SubmitFlagResult) {
  return http.post('/api/challenges/:id/submit', () => HttpResponse.json<SubmitFlagResult>(result));
}

/** What the test server answers when a test does not say otherwise: signed out, a small catalogue. */
export const defaultHandlers = [
  sessionHandler(null),
  ...challengesHandler(buildCatalogue()),
  http.get('/api/stats', () => HttpResponse.json<PublicStats>(buildStats())),
  submitHandler({ success: false, status: 'incorrect', message: 'Incorrect flag' }),
  // In-page exercises ask their server check for material on mount; by default it has nothing to say.
  http.post('/api/challenges/:id/lab', () => HttpResponse.json<LabResponse>({ ok: false, code: 'idle', output: {} })),
  http.post('/api/auth/login', () => HttpResponse.json<AuthResponse>({ user: buildUser() })),
  http.post('/api/auth/register', () => HttpResponse.json<AuthResponse>({ user: buildUser() })),
  http.post('/api/auth/logout', () => HttpResponse.json<{ ok: true }>({ ok: true })),
  // The account page lists the player's API tokens: none by default.
  http.get('/api/tokens', () => HttpResponse.json({ tokens: [] })),
  http.get('/api/auth/two-factor', () => HttpResponse.json({ enabled: false })),
  http.post('/api/admin/seed', () => HttpResponse.json<SeedResult>({ challengeCount: 20, badgeCount: 8 })),
];
