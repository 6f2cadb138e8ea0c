import { http, HttpResponse } from 'msw';

import {
  AdminCategoryBodySchema,
  AdminChallengeBodySchema,
  AdminChallengePatchSchema,
  CATEGORIES,
  type AdminCategory,
  type AdminChallenge,
  type AdminChallengeBody,
  type AdminChallengeSummary,
  type DeleteChallengeResult,
  type ImportErrorBody,
  type ImportReport,
} from '@drapeau/shared';

import { errorResponse } from '@/testing/handlers';

export function buildAdminChallenge(overrides: Partial<AdminChallenge> = {}): AdminChallenge {
  return {
    id: 'login-bypass',
    title: { en: 'Login Bypass', fr: 'Contournement de connexion' },
    description: { en: 'Get in as **admin**.', fr: 'Entrez en tant qu’**admin**.' },
    explanation: { en: '', fr: '' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points: 100 },
    points: 100,
    author: null,
    tags: [],
    hints: [],
    attachments: [],
    prerequisites: [],
    opensAt: null,
    closesAt: null,
    maxAttempts: null,
    state: 'visible',
    flags: [{ id: 1, kind: 'static', matcher: 'exact', content: 'CTF{in}', derivedValue: null }],
    lab: null,
    connectionInfo: null,
    hasFrench: true,
    isBuiltIn: false,
    solveCount: 0,
    position: 0,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const CATEGORY_NAMES: Record<string, string> = {
  'web-client': 'Web - Client',
  'web-server': 'Web - Server',
  networking: 'Networking',
  'app-script': 'App - Script',
  'app-system': 'App - System',
  forensics: 'Forensics',
};

const builtInCategories = (): AdminCategory[] =>
  CATEGORIES.map((key, position) => ({
    key,
    name: { en: CATEGORY_NAMES[key] ?? key, fr: '' },
    icon: 'flag',
    position,
    isBuiltIn: true,
    challengeCount: 0,
  }));

function summary(challenge: AdminChallenge): AdminChallengeSummary {
  const { id, title, category, level, points, scoring, state, hasFrench, isBuiltIn, solveCount, position } = challenge;
  const { updatedAt, opensAt, closesAt } = challenge;
  const counts = {
    flagCount: challenge.flags.length,
    hintCount: challenge.hints.length,
    attachmentCount: challenge.attachments.length,
  };
  return {
    id,
    title,
    category,
    level,
    points,
    scoring,
    state,
    hasFrench,
    isBuiltIn,
    solveCount,
    position,
    updatedAt,
    opensAt,
    closesAt,
    ...counts,
  };
}

function fromBody(body: AdminChallengeBody, previous?: AdminChallenge): AdminChallenge {
  const id = body.id ?? previous?.id ?? body.title.en.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return buildAdminChallenge({
    ...previous,
    ...body,
    id,
    points: body.scoring.type === 'static' ? body.scoring.points : body.scoring.initial,
    hints: body.hints.map((hint, index) => ({ ...hint, id: index + 1, openCount: 0 })),
    flags: body.flags.map((flag, index) => ({ ...flag, id: index + 1, derivedValue: null })),
    hasFrench: body.title.fr !== '' && body.description.fr !== '',
  });
}

export interface AuthoringServerOptions {
  /** What POST /api/admin/challenges/import answers: a report, or a refused import's problems, warnings and skipped files. */
  importResult?: ImportReport | Omit<ImportErrorBody['error'], 'code' | 'message'>;
}

/** An in-memory authoring API: challenges change with each call, and every body sent is kept for the assertions. */
export function createAuthoringServer(initial: AdminChallenge[], options: AuthoringServerOptions = {}) {
  const state = {
    challenges: [...initial],
    categories: builtInCategories(),
    sent: [] as { method: string; path: string; body: unknown }[],
  };
  const find = (id: unknown) => state.challenges.find((challenge) => challenge.id === id);
  async function record(request: Request) {
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    const body: unknown = type.includes('json') ? await request.clone().json() : undefined;
    state.sent.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
    return body;
  }

  const handlers = [
    http.get('/api/admin/stats', () => HttpResponse.json({ totalUsers: 3, admins: 1, totalPoints: 300, avgScore: 100 })),
    http.get('/api/admin/challenges', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      const matching = state.challenges.filter(
        (challenge) => challenge.id.includes(search) || challenge.title.en.toLowerCase().includes(search),
      );
      return HttpResponse.json({ challenges: matching.map(summary) });
    }),
    http.get('/api/admin/categories', () => HttpResponse.json({ categories: state.categories })),
    http.post('/api/admin/categories', async ({ request }) => {
      const body = AdminCategoryBodySchema.parse(await record(request));
      const created: AdminCategory = { ...body, position: state.categories.length, isBuiltIn: false, challengeCount: 0 };
      state.categories.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('/api/admin/challenges/:id', ({ params }) => {
      const challenge = find(params.id);
      return challenge ? HttpResponse.json(challenge) : errorResponse(404, 'CHALLENGE_NOT_FOUND');
    }),
    // The editor asks for the challenge's service: none here (service-editor.test.tsx tests one).
    http.get('/api/admin/challenges/:id/service', ({ params }) =>
      find(params.id) ? HttpResponse.json({ service: null, build: null }) : errorResponse(404, 'CHALLENGE_NOT_FOUND'),
    ),
    http.post('/api/admin/challenges/import', async ({ request }) => {
      await record(request);
      const result = options.importResult;
      if (result && 'problems' in result) return errorResponse(400, 'IMPORT_INVALID', result);
      return HttpResponse.json(result);
    }),
    http.post('/api/admin/challenges', async ({ request }) => {
      const body = AdminChallengeBodySchema.parse(await record(request));
      const created = fromBody(body);
      state.challenges.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('/api/admin/challenges/:id/duplicate', async ({ request, params }) => {
      await record(request);
      const original = find(params.id);
      if (!original) return errorResponse(404, 'CHALLENGE_NOT_FOUND');
      const copy = { ...original, id: `${original.id}-copy`, state: 'hidden' as const, solveCount: 0 };
      state.challenges.push(copy);
      return HttpResponse.json(copy, { status: 201 });
    }),
    http.patch('/api/admin/challenges/:id', async ({ request, params }) => {
      const patch = AdminChallengePatchSchema.parse(await record(request));
      const previous = find(params.id);
      if (!previous) return errorResponse(404, 'CHALLENGE_NOT_FOUND');
      const saved = fromBody({ ...previous, ...patch }, previous);
      state.challenges = state.challenges.map((challenge) => (challenge.id === saved.id ? saved : challenge));
      return HttpResponse.json(saved);
    }),
    http.delete('/api/admin/challenges/:id', async ({ request, params }) => {
      await record(request);
      const solves = find(params.id)?.solveCount ?? 0;
      state.challenges = state.challenges.filter((challenge) => challenge.id !== params.id);
      return HttpResponse.json<DeleteChallengeResult>({ deletedSolves: solves, affectedPlayers: solves });
    }),
  ];
  return { state, handlers };
}
