import { http, HttpResponse } from 'msw';

import {
  CATEGORIES,
  type Announcement,
  type AnnouncementList,
  PublicCategorySchema,
  type AuthResponse,
  type CategoryList,
  type ChallengeList,
  type ErrorBody,
  type ErrorCode,
  type LabResponse,
  type MyTeamResult,
  type PublicCategory,
  type PublicChallenge,
  type PublicEvent,
  type PublicStats,
  type PublicUser,
  type ScoreGraph,
  type SeedResult,
  type SessionResponse,
  type SsoInfo,
  type SubmitFlagResult,
  type WriteUp,
  type WriteUpPage,
} from '@drapeau/shared';

import { buildCatalogue, buildStats, buildUser, toChallengeList } from './factories';

/** An error reply in the API's `{ error: { code, message } }` shape. */
export function errorResponse(status: number, code: ErrorCode, extra: Partial<ErrorBody['error']> = {}) {
  return HttpResponse.json<ErrorBody>({ error: { code, message: `${code} from the test server`, ...extra } }, { status });
}

export function sessionHandler(user: PublicUser | null) {
  return http.get('/api/auth/session', () => HttpResponse.json<SessionResponse>({ user }));
}

/** GET /api/challenges answers the challenges' summaries; GET /api/challenges/:id the whole challenge. */
export function challengesHandler(challenges: PublicChallenge[]) {
  return [
    http.get('/api/challenges', () => HttpResponse.json<ChallengeList>(toChallengeList(challenges))),
    http.get<{ id: string }>('/api/challenges/:id', ({ params }) => {
      const challenge = challenges.find((candidate) => candidate.id === params.id);
      return challenge ? HttpResponse.json<PublicChallenge>(challenge) : errorResponse(404, 'CHALLENGE_NOT_FOUND');
    }),
  ];
}

/** GET /api/categories: the six built-in categories, plus any a test adds. */
function categoriesHandler(extra: PublicCategory[] = []) {
  const icons = ['globe', 'server', 'network', 'binary', 'cpu', 'file-search'] as const;
  const builtIn = CATEGORIES.map((key, index) =>
    PublicCategorySchema.parse({ key, name: { en: key, fr: key }, icon: icons[index], position: index, isBuiltIn: true }),
  );
  return http.get('/api/categories', () => HttpResponse.json<CategoryList>({ categories: [...builtIn, ...extra] }));
}

export function submitHandler(result: SubmitFlagResult) {
  return http.post('/api/challenges/:id/submit', () => HttpResponse.json<SubmitFlagResult>(result));
}

/** What the test server answers when a test does not say otherwise: signed out, a small catalogue. */
/** GET /api/announcements: these announcements, the first `unreadCount` of them unread. */
export function announcementsHandler(announcements: Announcement[], unreadCount = 0) {
  return http.get('/api/announcements', () => HttpResponse.json<AnnouncementList>({ announcements, unreadCount }));
}

/** GET /api/event: training by default; the server's clock is this browser's unless a test says otherwise. */
export function eventHandler(event: Partial<PublicEvent> = {}) {
  return http.get('/api/event', () =>
    HttpResponse.json<PublicEvent>({
      mode: 'training',
      name: { en: '', fr: '' },
      phase: 'training',
      startsAt: null,
      endsAt: null,
      freezeAt: null,
      allowPracticeAfterEnd: false,
      firstBloodBonus: 0,
      isFrozen: false,
      serverTime: new Date().toISOString(),
      ...event,
    }),
  );
}

/** GET /api/auth/sso: the platform's single sign-on, as the sign-in and sign-up pages read it. */
export function ssoHandler(info: SsoInfo) {
  return http.get('/api/auth/sso', () => HttpResponse.json<SsoInfo>(info));
}

/** GET /api/challenges/:id/write-ups: a page as given (newest first), or the lock of a challenge not solved yet. */
export function writeUpsHandler(page: (Partial<WriteUpPage> & { writeUps?: WriteUp[] }) | 'locked') {
  const url = '/api/challenges/:id/write-ups';
  if (page === 'locked') return http.get(url, () => errorResponse(403, 'CHALLENGE_NOT_SOLVED'));
  return http.get(url, () =>
    HttpResponse.json<WriteUpPage>({
      own: null,
      writeUps: [],
      canModerate: false,
      page: 1,
      pageSize: 20,
      total: page.writeUps?.length ?? 0,
      ...page,
    }),
  );
}

export const defaultHandlers = [
  sessionHandler(null),
  ...challengesHandler(buildCatalogue()),
  categoriesHandler(),
  http.get('/api/stats', () => HttpResponse.json<PublicStats>(buildStats())),
  eventHandler(),
  announcementsHandler([]),
  // The leaderboard's score graph: nobody has scored yet, unless a test says otherwise.
  http.get('/api/leaderboard/graph', () => HttpResponse.json<ScoreGraph>({ series: [], isFrozen: false, until: null })),
  submitHandler({ success: false, status: 'incorrect', message: 'Incorrect flag' }),
  // A challenge page asks for its write-ups: locked, as for a challenge the player has not solved.
  writeUpsHandler('locked'),
  // In-page exercises ask their server check for material on mount; by default it has nothing to say.
  http.post('/api/challenges/:id/lab', () => HttpResponse.json<LabResponse>({ ok: false, code: 'idle', output: {} })),
  // A challenge page asks for its service's instance: none, as for a challenge without a service.
  http.get('/api/challenges/:id/instance', () =>
    HttpResponse.json(
      { error: { code: 'NO_INSTANCE_SERVICE', message: 'This challenge has no service to start.' } },
      { status: 404 },
    ),
  ),
  http.post('/api/auth/login', () => HttpResponse.json<AuthResponse>({ user: buildUser() })),
  http.post('/api/auth/register', () => HttpResponse.json<AuthResponse>({ user: buildUser() })),
  http.post('/api/auth/logout', () => HttpResponse.json<{ ok: true }>({ ok: true })),
  // No single sign-on unless a test sets one up.
  ssoHandler({ enabled: false, label: '', localSignUp: true }),
  // The account page lists the player's API tokens: none by default.
  http.get('/api/tokens', () => HttpResponse.json({ tokens: [] })),
  http.get('/api/auth/two-factor', () => HttpResponse.json({ enabled: false })),
  http.get('/api/auth/passkeys', () => HttpResponse.json([])),
  http.get('/api/account/sessions', () => HttpResponse.json([])),
  // Team mode is off unless a test turns it on (features/teams/testing).
  http.get('/api/teams/mine', () => HttpResponse.json<MyTeamResult>({ isTeamMode: false, team: null })),
  http.post('/api/admin/seed', () =>
    HttpResponse.json<SeedResult>({
      challengeCount: 20,
      badgeCount: 8,
      report: { challenges: [], created: 20, updated: 0, unchanged: 0, createdCategories: [] },
      badges: { created: 8, updated: 0, unchanged: 0 },
    }),
  ),
];
