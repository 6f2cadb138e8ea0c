import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
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

describe('team mode', () => {
  it('is off by default: no team can be created or joined', async () => {
    expect((await admin.get('/api/admin/settings')).json().teams).toEqual({ enabled: false, maxSize: 4 });
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/teams/mine')).json()).toEqual({ isTeamMode: false, team: null });
    const create = await player.client.post('/api/teams', { name: 'Too early' });
    expect(create.statusCode).toBe(403);
    expect(create.json().error.code).toBe('TEAM_MODE_OFF');
    expect((await player.client.post('/api/teams/join', { code: 'abc' })).json().error.code).toBe('TEAM_MODE_OFF');
  });

  it('is set by admins only, and audited', async () => {
    const player = await registerPlayer(t.app);
    expect((await player.client.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 5 } })).statusCode).toBe(403);
    expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 0 } })).statusCode).toBe(400);
    const on = await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 2 } });
    expect(on.statusCode).toBe(200);
    expect(on.json().teams).toEqual({ enabled: true, maxSize: 2 });
    expect((await admin.get('/api/admin/audit')).json().entries[0]).toMatchObject({
      action: 'settings.update',
      details: { teams: { from: { enabled: false, maxSize: 4 }, to: { enabled: true, maxSize: 2 } } },
    });
  });

  it('takes a freeze in team mode, and team mode while a freeze is set (the standings freeze by team)', async () => {
    const now = Date.now();
    const event = {
      mode: 'event',
      startsAt: new Date(now - 3_600_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      freezeAt: new Date(now + 1_800_000).toISOString(),
      allowPracticeAfterEnd: false,
    };
    const before = (await admin.get('/api/admin/settings')).json();
    expect(before.teams.enabled).toBe(true);
    const freeze = await admin.patch('/api/admin/settings', { event });
    expect(freeze.statusCode).toBe(200);
    expect(freeze.json().event.freezeAt).toBe(event.freezeAt);
    const both = await admin.patch('/api/admin/settings', { event, teams: { enabled: true, maxSize: 2 } });
    expect(both.statusCode).toBe(200);
    expect((await admin.get('/api/admin/settings')).json().teams).toEqual({ enabled: true, maxSize: 2 });
    expect((await admin.patch('/api/admin/settings', { event: before.event })).statusCode).toBe(200);
  });

  it('refuses a flag from a player in no team, and takes it once they are in one', async () => {
    const player = await registerPlayer(t.app);
    const refused = await player.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TEAM_REQUIRED');
    expect((await player.client.get('/api/auth/session')).json().user.score).toBe(0);
    expect((await player.client.post('/api/teams', { name: 'Solvers' })).statusCode).toBe(200);
    const solved = await player.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    expect(solved.json().status).toBe('correct');
  });

  it('cannot be switched once a challenge is solved; the size limit still can', async () => {
    const off = await admin.patch('/api/admin/settings', { teams: { enabled: false, maxSize: 2 } });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('TEAM_MODE_LOCKED');
    expect((await admin.get('/api/admin/settings')).json().teams.enabled).toBe(true);
    const size = await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 6 } });
    expect(size.json().teams).toEqual({ enabled: true, maxSize: 6 });
  });
});

describe('every /api/teams route', () => {
  it('answers 401 to anonymous callers, never 500, and shows another team no code, email or change', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/teams'))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({ method: method.toUpperCase() as 'GET', path: `${method.toUpperCase()} ${path}` })),
      );
    expect(operations.map((o) => o.path).sort()).toEqual([
      'DELETE /api/teams/mine/members/{userId}',
      'GET /api/teams/mine',
      'GET /api/teams/{teamId}',
      'PATCH /api/teams/mine',
      'POST /api/teams/',
      'POST /api/teams/join',
      'POST /api/teams/mine/captain',
      'POST /api/teams/mine/invite-code',
      'POST /api/teams/mine/leave',
    ]);

    const [captain, rival] = await Promise.all([registerPlayer(t.app), registerPlayer(t.app)]);
    const team = (await captain.client.post('/api/teams', { name: 'Walked' })).json<{ id: string; inviteCode: string }>();
    expect((await rival.client.post('/api/teams', { name: 'Rivals' })).statusCode).toBe(200);
    const url = (path: string) =>
      path
        .replace(/^[A-Z]+ /, '')
        .replace('{teamId}', team.id)
        .replace('{userId}', captain.userId);
    // Each route with a body it accepts: what a rival can do with the captain's ids and code.
    const bodies: Record<string, object> = {
      'POST /api/teams/': { name: 'Walked again' },
      'POST /api/teams/join': { code: team.inviteCode },
      'PATCH /api/teams/mine': { name: 'Hijacked' },
      'POST /api/teams/mine/captain': { userId: captain.userId },
    };
    const ownOrPublic = new Set([
      'GET /api/teams/mine',
      'PATCH /api/teams/mine',
      'POST /api/teams/mine/invite-code',
      'GET /api/teams/{teamId}',
    ]);
    for (const { method, path } of operations) {
      const payload = bodies[path] ? { payload: bodies[path] } : {};
      const anonymous = await t.app.inject({ method, url: url(path), ...payload });
      expect(anonymous.statusCode, `${path} anonymous`).toBe(401);
      if (path === 'POST /api/teams/mine/leave') continue; // the rival's own team: theirs to leave
      const asRival = await rival.client.request({ method, url: url(path), ...payload });
      expect(asRival.statusCode, `${path} as a rival`).toBeLessThan(500);
      // Only reads and changes of the rival's own team succeed; the rest is refused.
      if (!ownOrPublic.has(path)) expect(asRival.statusCode, `${path} as a rival`).toBeGreaterThanOrEqual(400);
      expect(asRival.body, `${path} as a rival`).not.toContain(team.inviteCode);
      expect(asRival.body, `${path} as a rival`).not.toContain(captain.email);
    }
    // Nothing of the captain's team changed, and the rival is still in their own team.
    const own = (await captain.client.get('/api/teams/mine')).json().team;
    expect(own).toMatchObject({
      name: 'Walked',
      inviteCode: team.inviteCode,
      members: [{ uid: captain.userId, isCaptain: true }],
    });
    expect((await rival.client.get('/api/teams/mine')).json().team.name).toBe('Hijacked');
  });
});
