import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/users/:userId/ban', () => {
  it('ends the player’s session at once and shows the reason and end at sign-in; restoring lets them back', async () => {
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/leaderboard/')).statusCode).toBe(200);
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    const ban = await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: 'Shared flags in the chat', until });
    expect(ban.statusCode).toBe(200);
    expect(ban.json().ban).toEqual({ reason: 'Shared flags in the chat', until });
    expect((await player.client.get('/api/leaderboard/')).statusCode).toBe(401);

    const login = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: player.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatchObject({ code: 'USER_BANNED', ban: { reason: 'Shared flags in the chat', until } });
    expect(login.cookies.find((c) => c.name === 'drapeau.session_token' && c.value !== '')).toBeUndefined();

    const audit = (await admin.get('/api/admin/audit')).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'user.ban',
      targetUserId: player.userId,
      details: { reason: 'Shared flags in the chat' },
    });

    const restore = await admin.delete(`/api/admin/users/${player.userId}/ban`);
    expect(restore.statusCode).toBe(200);
    expect(restore.json().ban).toBeNull();
    const again = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: player.password });
    expect(again.statusCode).toBe(200);
    expect((await admin.get('/api/admin/audit')).json().entries[0]).toMatchObject({ action: 'user.unban' });
  });

  it('bans until restored when no end is given', async () => {
    const player = await registerPlayer(t.app);
    const ban = await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: 'Cheating' });
    expect(ban.json().ban).toEqual({ reason: 'Cheating', until: null });
    const login = await new TestClient(t.app).post('/api/auth/login', { email: player.email, password: player.password });
    expect(login.json().error).toMatchObject({ code: 'USER_BANNED', ban: { reason: 'Cheating', until: null } });
  });

  it('refuses an end in the past, a missing reason, one’s own account and an unknown user', async () => {
    const player = await registerPlayer(t.app);
    const past = await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: 'x', until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect((await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: '' })).statusCode).toBe(400);
    const adminId = (await admin.get('/api/auth/session')).json().user.uid;
    const self = await admin.post(`/api/admin/users/${adminId}/ban`, { reason: 'oops' });
    expect(self.json().error.code).toBe('CANNOT_BAN_SELF');
    const unknown = await admin.post('/api/admin/users/no-such-user/ban', { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await player.client.get('/api/leaderboard/')).statusCode).toBe(200);
  });

  it('lets only admins ban', async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const response = await player.client.post(`/api/admin/users/${other.userId}/ban`, { reason: 'x' });
    expect(response.statusCode).toBe(403);
    expect((await other.client.get('/api/leaderboard/')).statusCode).toBe(200);
  });
});
