import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_PAGE_SIZE } from '@drapeau/shared';

import { users } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { registerTeacher } from '../../../test/class-fixtures.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

let t: TestApp;
let admin: TestClient;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/stats', () => {
  it('counts users and admins and sums and averages the scores (rounded) in SQL', async () => {
    expect((await admin.get('/api/admin/stats')).json()).toEqual({ totalUsers: 1, admins: 1, totalPoints: 0, avgScore: 0 });
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    await a.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    await b.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    await b.client.post('/api/challenges/hidden-http-headers/submit', { flag: flagOf('hidden-http-headers') });
    // 0 + 10 + 25 = 35 over 3 users = 11.67
    const response = await admin.get('/api/admin/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ totalUsers: 3, admins: 1, totalPoints: 35, avgScore: 12 });
  });
});

describe('every /api/admin route', () => {
  it('answers 401 to anonymous callers and 403 to players whatever the body, and lets admins through', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => methods.has(method))
          .map((method) => ({ method: method.toUpperCase() as 'GET', url: path.replace(/\{[^}]+\}/g, 'no-such-id') })),
      );
    const listed = operations.map((o) => `${o.method} ${o.url}`);
    for (const expected of [
      'GET /api/admin/stats',
      'GET /api/admin/users',
      'PATCH /api/admin/users/no-such-id',
      'DELETE /api/admin/users/no-such-id',
      'POST /api/admin/users/no-such-id/badges',
      'DELETE /api/admin/users/no-such-id/badges/no-such-id',
      'GET /api/admin/submissions',
      'GET /api/admin/audit',
      'GET /api/admin/settings',
      'PATCH /api/admin/settings',
      'GET /api/admin/tokens',
      'DELETE /api/admin/tokens/no-such-id',
      'DELETE /api/admin/users/no-such-id/two-factor',
      'POST /api/admin/users/no-such-id/ban',
      'DELETE /api/admin/users/no-such-id/ban',
      'GET /api/admin/mail',
      'GET /api/admin/challenges',
      'POST /api/admin/challenges',
      'GET /api/admin/challenges/no-such-id',
      'PATCH /api/admin/challenges/no-such-id',
      'DELETE /api/admin/challenges/no-such-id',
      'POST /api/admin/challenges/no-such-id/duplicate',
      'POST /api/admin/challenges/no-such-id/test-flag',
      'POST /api/admin/challenges/no-such-id/attachments',
      'PUT /api/admin/challenges/no-such-id/attachments/no-such-id',
      'DELETE /api/admin/challenges/no-such-id/attachments/no-such-id',
      'GET /api/admin/challenges/no-such-id/attachments/no-such-id',
      'GET /api/admin/challenges/flags',
      'POST /api/admin/challenges/import',
      'GET /api/admin/challenges/export',
      'GET /api/admin/categories',
      'POST /api/admin/categories',
      'PUT /api/admin/categories/no-such-id',
      'DELETE /api/admin/categories/no-such-id',
      'GET /api/admin/incidents',
      'GET /api/admin/settings/per-user-flags',
      'PUT /api/admin/settings/per-user-flags',
      'POST /api/admin/seed',
      'POST /api/admin/announcements',
      'DELETE /api/admin/announcements/no-such-id',
      'GET /api/admin/teams',
      'POST /api/admin/teams',
      'PATCH /api/admin/teams/no-such-id',
      'POST /api/admin/teams/no-such-id/invite-code',
      'PUT /api/admin/teams/no-such-id/adjustment',
      'POST /api/admin/teams/no-such-id/members',
      'DELETE /api/admin/teams/no-such-id/members/no-such-id',
      'POST /api/admin/teams/no-such-id/merge',
      'DELETE /api/admin/teams/no-such-id',
    ]) {
      expect(listed).toContain(expected);
    }

    const player = await registerPlayer(t.app);
    // A player's API token is the player: no more.
    const playerToken = (await player.client.post('/api/tokens', { name: 'walk', expiresInDays: 1 })).json<{ token: string }>();
    // A teacher runs classes, nothing of the admin panel (docs/product.md#classes).
    const teacher = await registerTeacher(t.app, admin);
    const body = { badgeId: 42, score: 'lots', rank: 'admin', unexpected: ['x'] };
    for (const { method, url } of operations) {
      const payload = method === 'GET' ? {} : { payload: body };
      const anonymous = await t.app.inject({ method, url, ...payload });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const asPlayer = await player.client.request({ method, url, ...payload });
      expect(asPlayer.statusCode, `${method} ${url} as a player`).toBe(403);
      expect(asPlayer.json().error.code).toBe('FORBIDDEN');
      const asTeacher = await teacher.client.request({ method, url, ...payload });
      expect(asTeacher.statusCode, `${method} ${url} as a teacher`).toBe(403);
      const byToken = await t.app.inject({ method, url, ...payload, headers: { authorization: `Bearer ${playerToken.token}` } });
      expect(byToken.statusCode, `${method} ${url} with a player's token`).toBe(403);
      const asAdmin = await admin.request({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect([401, 403], `${method} ${url} as admin`).not.toContain(asAdmin.statusCode);
      expect(asAdmin.statusCode, `${method} ${url} as admin`).toBeLessThan(500);
    }
    // The player is still a player, and nothing was changed on their behalf.
    expect((await player.client.get('/api/auth/session')).json().user).toMatchObject({ rank: 'user', score: 0 });
    expect((await teacher.client.get('/api/auth/session')).json().user).toMatchObject({ rank: 'teacher', score: 0 });
  });
});

describe('GET /api/admin/users', () => {
  it('pages the users by score, then by age, with their emails and badges', async () => {
    await t.database.db.insert(users).values(
      Array.from({ length: ADMIN_PAGE_SIZE + 5 }, (_, i) => ({
        id: `page-user-${i}`,
        name: `PageTest${i}`,
        email: `pagetest${i}@example.org`,
        username: `pagetest${i}`,
        displayUsername: `PageTest${i}`,
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
      })),
    );
    // Scores are derived (docs/decisions/007-scoring.md): an admin sets each one, as an adjustment.
    for (let i = 0; i < ADMIN_PAGE_SIZE + 5; i += 1)
      expect((await admin.patch(`/api/admin/users/page-user-${i}`, { score: 1000 + i })).statusCode).toBe(200);
    const first = await admin.get('/api/admin/users?search=PAGETEST');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ total: ADMIN_PAGE_SIZE + 5, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(page1.users).toHaveLength(ADMIN_PAGE_SIZE);
    expect(page1.users[0]).toMatchObject({
      uid: `page-user-${ADMIN_PAGE_SIZE + 4}`,
      username: `PageTest${ADMIN_PAGE_SIZE + 4}`,
      email: `pagetest${ADMIN_PAGE_SIZE + 4}@example.org`,
      rank: 'user',
      // The score badges the admin's score gave.
      badges: expect.arrayContaining(['century-club']),
    });
    const scores = page1.users.map((u: { score: number }) => u.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    const page2 = (await admin.get('/api/admin/users?search=pagetest&page=2')).json();
    expect(page2.users.map((u: { uid: string }) => u.uid)).toEqual([
      'page-user-4',
      'page-user-3',
      'page-user-2',
      'page-user-1',
      'page-user-0',
    ]);

    const all = (await admin.get('/api/admin/users')).json();
    expect(all.total).toBeGreaterThan(ADMIN_PAGE_SIZE + 5);
    expect(all.users).toHaveLength(ADMIN_PAGE_SIZE);
  });

  it('finds a user by an email substring, in any case, and orders equal scores by who joined first', async () => {
    const older = await registerPlayer(t.app, { username: 'quiet_one', email: 'Hidden.Mailbox@example.net' });
    const newer = await registerPlayer(t.app, { username: 'quiet_two', email: 'other.mailbox@example.net' });
    const byEmail = (await admin.get('/api/admin/users?search=HIDDEN.mail')).json();
    expect(byEmail.total).toBe(1);
    expect(byEmail.users[0]).toMatchObject({ uid: older.userId, username: 'quiet_one', email: 'hidden.mailbox@example.net' });
    const both = (await admin.get('/api/admin/users?search=mailbox@EXAMPLE.net')).json();
    expect(both.users.map((u: { uid: string }) => u.uid)).toEqual([older.userId, newer.userId]);
    const byName = (await admin.get('/api/admin/users?search=QUIET_t')).json();
    expect(byName.users.map((u: { uid: string }) => u.uid)).toEqual([newer.userId]);
    expect((await admin.get('/api/admin/users?search=100%25')).json().total).toBe(0);
  });

  it('refuses a page number below 1', async () => {
    const response = await admin.get('/api/admin/users?page=0');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/admin/submissions', () => {
  it('lists attempts newest first and filters them by result, user and challenge', async () => {
    const player = await registerPlayer(t.app, { username: 'Guesser', email: 'guesser@example.com' });
    const other = await registerPlayer(t.app);
    await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{first-guess}' });
    await player.client.post('/api/challenges/caesar-cipher/submit', { flag: flagOf('caesar-cipher') });
    await player.client.post('/api/challenges/xor-encryption/submit', { flag: 'CTF{second-guess}' });
    await other.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{someone-else}' });

    const mine = (await admin.get('/api/admin/submissions?user=guess')).json();
    expect(mine).toMatchObject({ total: 3, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(mine.submissions.map((s: { submitted: string }) => s.submitted)).toEqual([
      'CTF{second-guess}',
      flagOf('caesar-cipher'),
      'CTF{first-guess}',
    ]);
    expect(mine.submissions[0]).toMatchObject({
      userId: player.userId,
      username: 'Guesser',
      challengeId: 'xor-encryption',
      isCorrect: false,
      ip: '127.0.0.1',
      createdAt: expect.any(String),
    });

    const wrong = (await admin.get('/api/admin/submissions?user=guesser%40EXAMPLE&result=incorrect')).json();
    expect(wrong.submissions.map((s: { submitted: string }) => s.submitted)).toEqual(['CTF{second-guess}', 'CTF{first-guess}']);
    const right = (await admin.get(`/api/admin/submissions?user=${player.userId}&result=correct`)).json();
    expect(right.total).toBe(1);
    expect(right.submissions[0]).toMatchObject({ isCorrect: true, challengeId: 'caesar-cipher' });

    const caesar = (await admin.get('/api/admin/submissions?challenge=caesar-cipher&result=incorrect')).json();
    expect(new Set(caesar.submissions.map((s: { userId: string }) => s.userId))).toEqual(new Set([player.userId, other.userId]));
    expect((await admin.get('/api/admin/submissions?result=maybe')).statusCode).toBe(400);
  });
});
