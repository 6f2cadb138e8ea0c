import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEFAULT_EVENT_SETTINGS, DEFAULT_TEAM_SETTINGS, DEFAULT_PLATFORM_SETTINGS } from '@drapeau/shared';

import { auditLogs, platformSettings } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

const settingsAudit = async () =>
  (await t.database.db.select().from(auditLogs)).filter((row) => row.action === 'settings.update');

describe('GET and PATCH /api/admin/settings', () => {
  it('refuses anonymous callers (401) and players (403), who can neither read nor change a setting', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { rankStaff: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/admin/settings')).json().error.code).toBe('FORBIDDEN');
    const patched = await player.client.patch('/api/admin/settings', { rankStaff: true });
    expect(patched.statusCode).toBe(403);
    expect((await admin.get('/api/admin/settings')).json()).toEqual(DEFAULT_PLATFORM_SETTINGS);
    expect(await settingsAudit()).toHaveLength(0);
  });

  it('starts from the defaults: admins shown on the leaderboard', async () => {
    const response = await admin.get('/api/admin/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      emailVerification: 'optional',
      rankStaff: false,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
  });

  it('refuses an unknown setting or a wrong type with 400 VALIDATION_FAILED and changes nothing', async () => {
    for (const body of [{ rankStaff: 'yes' }, { noSuchSetting: true }, [true], { rankStaff: null }]) {
      const response = await admin.patch('/api/admin/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.get('/api/admin/settings')).json()).toEqual(DEFAULT_PLATFORM_SETTINGS);
    expect(await t.database.db.select().from(platformSettings)).toEqual([]);
  });

  it('changes a setting, keeps it in the database, and records who changed what in the audit log', async () => {
    const response = await admin.patch('/api/admin/settings', { rankStaff: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      emailVerification: 'optional',
      rankStaff: true,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    expect((await admin.get('/api/admin/settings')).json()).toEqual({
      emailVerification: 'optional',
      rankStaff: true,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    const [row] = await t.database.db.select().from(platformSettings);
    expect(row).toMatchObject({ data: { rankStaff: true }, revision: 1 });
    const entries = await settingsAudit();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorName: 'admin',
      details: { rankStaff: { from: false, to: true } },
    });
    const log = (await admin.get('/api/admin/audit')).json();
    expect(log.entries[0]).toMatchObject({ action: 'settings.update', actorName: 'admin' });
  });

  it('writes nothing and records nothing for a change to the current value or an empty body', async () => {
    const before = (await settingsAudit()).length;
    expect((await admin.patch('/api/admin/settings', { rankStaff: true })).statusCode).toBe(200);
    expect((await admin.patch('/api/admin/settings', {})).json()).toEqual({
      emailVerification: 'optional',
      rankStaff: true,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
    expect(await settingsAudit()).toHaveLength(before);
    const [row] = await t.database.db.select().from(platformSettings);
    expect(row?.revision).toBe(1);
  });

  it('applies concurrent changes one after the other: each audited, none lost', async () => {
    const before = (await settingsAudit()).length;
    const values = [false, true, false, true, false];
    const responses = await Promise.all(values.map((v) => admin.patch('/api/admin/settings', { rankStaff: v })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [row] = await t.database.db.select().from(platformSettings);
    const entries = (await settingsAudit()).slice(before);
    // Every recorded change went from the value the one before it left.
    expect(row!.revision).toBe(1 + entries.length);
    const stored = row!.data.rankStaff;
    expect((await admin.get('/api/admin/settings')).json()).toEqual({
      emailVerification: 'optional',
      rankStaff: stored,
      requireTwoFactorForAdmins: false,
      ctftimeFeedPublished: false,
      event: DEFAULT_EVENT_SETTINGS,
      teams: DEFAULT_TEAM_SETTINGS,
    });
  });

  it('is read from the database at start, and a stored value of the wrong type counts as the default', async () => {
    await admin.patch('/api/admin/settings', { rankStaff: true });
    const second = await buildTestApp({ database: t.database });
    try {
      const secondAdmin = await loginAdmin(second.app);
      expect((await secondAdmin.get('/api/admin/settings')).json()).toEqual({
        emailVerification: 'optional',
        rankStaff: true,
        requireTwoFactorForAdmins: false,
        ctftimeFeedPublished: false,
        event: DEFAULT_EVENT_SETTINGS,
        teams: DEFAULT_TEAM_SETTINGS,
      });
    } finally {
      await second.app.close();
    }
    await t.database.db.update(platformSettings).set({ data: { rankStaff: 'yes', removed: 1 } });
    const third = await buildTestApp({ database: t.database });
    try {
      const thirdAdmin = await loginAdmin(third.app);
      expect((await thirdAdmin.get('/api/admin/settings')).json()).toEqual(DEFAULT_PLATFORM_SETTINGS);
    } finally {
      await third.app.close();
      await t.database.db.update(platformSettings).set({ data: { rankStaff: true } });
    }
  });

  it('tells browsers to refetch the standings, and never streams the settings themselves to them', async () => {
    const player = await registerPlayer(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: player.email, password: player.password },
    });
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: `drapeau.session_token=${login.cookies[0]!.value}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    try {
      // The stream opens with a comment: once it is read, the stream is registered.
      while (!received.includes(': connected')) received += decoder.decode((await reader.read()).value, { stream: true });
      const current = (await admin.get('/api/admin/settings')).json<{ rankStaff: boolean }>();
      await admin.patch('/api/admin/settings', { rankStaff: !current.rankStaff });
      // Another change's frame may come first (standings changes are merged over a second): read up to this one.
      while (!received.includes('data: {"reason":"settings"}'))
        received += decoder.decode((await reader.read()).value, { stream: true });
    } finally {
      controller.abort();
    }
    expect(received).toContain('data: {"reason":"settings"}');
    expect(received).not.toContain('event: settings');
    expect(received).not.toContain('rankStaff');
  });

  it.skipIf(!process.env.DATABASE_URL)('reaches every instance on PostgreSQL (LISTEN/NOTIFY), with no restart', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      const otherAdmin = await loginAdmin(other.app);
      const current = (await admin.get('/api/admin/settings')).json<{ rankStaff: boolean }>();
      const next = !current.rankStaff;
      expect((await admin.patch('/api/admin/settings', { rankStaff: next })).statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          expect((await otherAdmin.get('/api/admin/settings')).json()).toEqual({
            emailVerification: 'optional',
            rankStaff: next,
            requireTwoFactorForAdmins: false,
            ctftimeFeedPublished: false,
            event: DEFAULT_EVENT_SETTINGS,
            teams: DEFAULT_TEAM_SETTINGS,
          });
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await other.app.close();
    }
  });
});
