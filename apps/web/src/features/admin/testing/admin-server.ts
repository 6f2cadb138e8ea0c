import { http, HttpResponse } from 'msw';

import {
  ADMIN_PAGE_SIZE,
  PerUserFlagsSettingSchema,
  type PerUserFlagsSetting,
  AdminUpdateUserBodySchema,
  AwardBadgeBodySchema,
  BadgeSchema,
  BanUserBodySchema,
  DEFAULT_PLATFORM_SETTINGS,
  UpdatePlatformSettingsBodySchema,
  type AdminStats,
  type AdminSubmissionPage,
  type AdminUserPage,
  type AuditPage,
  type Badge,
  type OutboxMail,
  type OutboxPage,
  type PlatformSettings,
  type PublicUser,
} from '@drapeau/shared';

import { errorResponse } from '@/testing/handlers';

function buildBadge(overrides: Partial<Badge> = {}): Badge {
  return BadgeSchema.parse({
    badgeId: 'first-blood',
    title: { en: 'First Blood', fr: 'Premier sang' },
    description: { en: 'Solve your first challenge', fr: 'Résolvez votre premier défi' },
    icon: '🩸',
    criteria: { type: 'solveCount', value: 1 },
    ...overrides,
  });
}

const BADGES: Badge[] = [
  buildBadge(),
  buildBadge({
    badgeId: 'century-club',
    title: { en: 'Century Club', fr: 'Club des cent' },
    description: { en: 'Score a hundred points', fr: 'Marquez cent points' },
    icon: '💯',
    criteria: { type: 'score', value: 100 },
  }),
  buildBadge({
    badgeId: 'web-master',
    title: { en: 'Web Master', fr: 'Maître du Web' },
    description: { en: 'Solve 3 Web - Client challenges', fr: 'Résolvez 3 défis Web - Client' },
    icon: '🌐',
    criteria: { type: 'category', value: 'web-client', count: 3 },
  }),
];

interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A tiny in-memory admin API: users change with each call, and every call is recorded for the assertions. */
export function createAdminServer(initialUsers: PublicUser[], stats: AdminStats) {
  const state = {
    users: [...initialUsers],
    requests: [] as RecordedRequest[],
    settings: { ...DEFAULT_PLATFORM_SETTINGS },
    perUserFlags: { isBuiltInPackPerUser: true } as PerUserFlagsSetting,
    mailMode: 'outbox' as OutboxPage['mode'],
    mails: [] as OutboxMail[],
  };

  async function record(request: Request) {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    state.requests.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    });
  }

  function replaceUser(user: PublicUser) {
    state.users = state.users.map((candidate) => (candidate.uid === user.uid ? user : candidate));
    return HttpResponse.json<PublicUser>(user);
  }

  const handlers = [
    http.get('/api/admin/stats', async ({ request }) => {
      await record(request);
      return HttpResponse.json<AdminStats>(stats);
    }),
    http.get('/api/admin/users', async ({ request }) => {
      await record(request);
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      const users = state.users.filter((user) => `${user.username} ${user.email ?? ''}`.toLowerCase().includes(search));
      return HttpResponse.json<AdminUserPage>({ users, total: users.length, page: 1, pageSize: ADMIN_PAGE_SIZE });
    }),
    http.patch<{ userId: string }>('/api/admin/users/:userId', async ({ request, params }) => {
      await record(request);
      const user = state.users.find((candidate) => candidate.uid === params.userId);
      if (!user) return errorResponse(404, 'USER_NOT_FOUND');
      const body = AdminUpdateUserBodySchema.parse(await request.json());
      return replaceUser({ ...user, ...body });
    }),
    http.post<{ userId: string }>('/api/admin/users/:userId/badges', async ({ request, params }) => {
      await record(request);
      const user = state.users.find((candidate) => candidate.uid === params.userId);
      if (!user) return errorResponse(404, 'USER_NOT_FOUND');
      const { badgeId } = AwardBadgeBodySchema.parse(await request.json());
      if (user.badges.includes(badgeId)) return errorResponse(409, 'ALREADY_AWARDED');
      return replaceUser({ ...user, badges: [...user.badges, badgeId] });
    }),
    http.delete<{ userId: string; badgeId: string }>('/api/admin/users/:userId/badges/:badgeId', async ({ request, params }) => {
      await record(request);
      const user = state.users.find((candidate) => candidate.uid === params.userId);
      if (!user) return errorResponse(404, 'USER_NOT_FOUND');
      return replaceUser({ ...user, badges: user.badges.filter((badgeId) => badgeId !== params.badgeId) });
    }),
    http.delete<{ userId: string }>('/api/admin/users/:userId', async ({ request, params }) => {
      await record(request);
      state.users = state.users.filter((user) => user.uid !== params.userId);
      return HttpResponse.json<{ ok: true }>({ ok: true });
    }),
    http.post<{ userId: string }>('/api/admin/users/:userId/ban', async ({ request, params }) => {
      await record(request);
      const user = state.users.find((candidate) => candidate.uid === params.userId);
      if (!user) return errorResponse(404, 'USER_NOT_FOUND');
      const body = BanUserBodySchema.parse(await request.json());
      return replaceUser({ ...user, ban: { reason: body.reason, until: body.until ?? null } });
    }),
    http.delete<{ userId: string }>('/api/admin/users/:userId/ban', async ({ request, params }) => {
      await record(request);
      const user = state.users.find((candidate) => candidate.uid === params.userId);
      if (!user) return errorResponse(404, 'USER_NOT_FOUND');
      return replaceUser({ ...user, ban: null });
    }),
    http.get('/api/admin/mail', async ({ request }) => {
      await record(request);
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      const pageSize = ADMIN_PAGE_SIZE;
      return HttpResponse.json<OutboxPage>({
        mode: state.mailMode,
        mails: state.mails.slice((page - 1) * pageSize, page * pageSize),
        total: state.mails.length,
        page,
        pageSize,
      });
    }),
    http.get('/api/badges', () => HttpResponse.json<{ badges: Badge[] }>({ badges: BADGES })),
    http.get('/api/admin/submissions', async ({ request }) => {
      await record(request);
      return HttpResponse.json<AdminSubmissionPage>({
        submissions: [
          {
            id: 2,
            userId: 'user-1',
            username: 'alice',
            challengeId: 'dom-manipulation',
            submitted: 'CTF{dom_guess}',
            isCorrect: false,
            ip: '203.0.113.7',
            createdAt: '2025-03-12T14:05:09.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: ADMIN_PAGE_SIZE,
      });
    }),
    http.get('/api/admin/audit', async ({ request }) => {
      await record(request);
      return HttpResponse.json<AuditPage>({
        entries: [
          {
            id: 1,
            actorName: 'root',
            action: 'user.score',
            targetUserId: 'user-1',
            targetName: 'alice',
            details: { from: 45, to: 120, newBadges: ['century-club'] },
            createdAt: '2025-03-12T14:05:09.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: ADMIN_PAGE_SIZE,
      });
    }),
    http.get('/api/admin/settings', async ({ request }) => {
      await record(request);
      return HttpResponse.json<PlatformSettings>(state.settings);
    }),
    http.patch('/api/admin/settings', async ({ request }) => {
      await record(request);
      state.settings = { ...state.settings, ...UpdatePlatformSettingsBodySchema.parse(await request.json()) };
      return HttpResponse.json<PlatformSettings>(state.settings);
    }),
    http.get('/api/admin/settings/per-user-flags', async ({ request }) => {
      await record(request);
      return HttpResponse.json<PerUserFlagsSetting>(state.perUserFlags);
    }),
    http.put('/api/admin/settings/per-user-flags', async ({ request }) => {
      await record(request);
      state.perUserFlags = PerUserFlagsSettingSchema.parse(await request.json());
      return HttpResponse.json<PerUserFlagsSetting>(state.perUserFlags);
    }),
    http.get('/api/admin/challenges/flags', async ({ request }) => {
      await record(request);
      return HttpResponse.json<{ flags: { id: string; flag: string }[] }>({
        flags: [{ id: 'dom-manipulation', flag: 'CTF{dom_manipulation_0123456789abcdef01234567}' }],
      });
    }),
  ];

  return { state, handlers };
}
