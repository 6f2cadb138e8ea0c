import { existsSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoreAdjustments, sessions, solves, submissions, userBadges, users } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { expectScoreInvariant } from '../../../test/score-invariant.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

let t: TestApp;
let admin: TestClient;
let adminId: string;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  adminId = (await admin.get('/api/auth/session')).json().user.uid;
});
afterAll(async () => {
  await t.close();
});

async function auditOf(userId: string) {
  const { entries } = (await admin.get('/api/admin/audit')).json();
  return (entries as { targetUserId: string; action: string }[]).filter((e) => e.targetUserId === userId);
}

describe('PATCH /api/admin/users/:userId', () => {
  it('sets the score as the total with an audited adjustment row, and awards Century Club at 100', async () => {
    const player = await registerPlayer(t.app);
    await player.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    const response = await admin.patch(`/api/admin/users/${player.userId}`, { score: 100 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uid: player.userId,
      score: 100,
      email: player.email,
      badges: ['first-blood', 'century-club'],
    });
    // An audited row of the difference (docs/decisions/007-scoring.md), no stored score.
    const adjustments = () =>
      t.database.db
        .select()
        .from(scoreAdjustments)
        .where(eq(scoreAdjustments.userId, player.userId))
        .orderBy(scoreAdjustments.id);
    expect(await adjustments()).toMatchObject([{ kind: 'set', amount: 100, delta: 90 }]);
    await expectScoreInvariant(t);

    await player.client.post('/api/challenges/hidden-http-headers/submit', { flag: flagOf('hidden-http-headers') });
    expect((await player.client.get('/api/auth/session')).json().user.score).toBe(115);
    expect((await admin.patch(`/api/admin/users/${player.userId}`, { score: 5 })).json().score).toBe(5);
    expect(await adjustments()).toMatchObject([{ delta: 90 }, { kind: 'set', amount: 5, delta: -110 }]);
    await expectScoreInvariant(t);

    const entries = await auditOf(player.userId);
    expect(entries.filter((e) => e.action === 'user.score')).toEqual([
      expect.objectContaining({ actorName: 'admin', targetName: player.username, details: { from: 115, to: 5, newBadges: [] } }),
      expect.objectContaining({ details: { from: 10, to: 100, newBadges: ['century-club'] } }),
    ]);
  });

  it('keeps the invariant when solves and score edits of the same user run at the same time', async () => {
    const player = await registerPlayer(t.app);
    const ids = ['caesar-cipher', 'xor-encryption', 'hash-cracking', 'kernel-exploit', 'cronjob-hijacking', 'command-injection'];
    const results = await Promise.all([
      ...ids.map((id) => player.client.post(`/api/challenges/${id}/submit`, { flag: flagOf(id) })),
      ...[7, 300, 42].map((score) => admin.patch(`/api/admin/users/${player.userId}`, { score })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    await expectScoreInvariant(t);
  });

  it('edits username and bio, and promotes: the user’s sessions end, and their next one shows rank admin', async () => {
    const player = await registerPlayer(t.app);
    const response = await admin.patch(`/api/admin/users/${player.userId}`, {
      username: 'Renamed.One',
      bio: 'Edited',
      rank: 'admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'Renamed.One', bio: 'Edited', rank: 'admin' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.userId));
    expect(row).toMatchObject({ username: 'renamed.one', displayUsername: 'Renamed.One', name: 'Renamed.One', role: 'admin' });
    expect((await player.client.get('/api/admin/stats')).statusCode).toBe(401);
    const promoted = new TestClient(t.app);
    expect((await promoted.post('/api/auth/login', { email: player.email, password: player.password })).statusCode).toBe(200);
    expect((await promoted.get('/api/auth/session')).json().user).toMatchObject({ rank: 'admin', username: 'Renamed.One' });
    expect((await promoted.get('/api/admin/stats')).statusCode).toBe(200);

    const entries = await auditOf(player.userId);
    expect(entries.map((e) => e.action).sort()).toEqual(['user.role', 'user.update']);
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'user.update',
        actorName: 'admin',
        targetName: 'Renamed.One',
        details: { username: { from: player.username, to: 'Renamed.One' }, bio: { from: '', to: 'Edited' } },
      }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ action: 'user.role', details: { from: 'user', to: 'admin' } }));

    expect((await admin.patch(`/api/admin/users/${player.userId}`, { rank: 'user' })).json().rank).toBe('user');
    expect((await promoted.get('/api/admin/stats')).statusCode).toBe(401);
  });

  it('refuses a username held by someone else in any case with 409, and changes nothing', async () => {
    const holder = await registerPlayer(t.app, { username: 'TakenName' });
    const player = await registerPlayer(t.app);
    const response = await admin.patch(`/api/admin/users/${player.userId}`, { username: 'takenNAME', bio: 'not saved' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('USERNAME_TAKEN');
    expect((await player.client.get('/api/auth/session')).json().user).toMatchObject({ username: player.username, bio: '' });
    expect(await auditOf(player.userId)).toEqual([]);
    // Changing only the case of one's own name is allowed.
    expect((await admin.patch(`/api/admin/users/${holder.userId}`, { username: 'takenname' })).json().username).toBe('takenname');
  });

  it('refuses to demote oneself, and answers 404 for an unknown user and 400 for unknown fields', async () => {
    const demote = await admin.patch(`/api/admin/users/${adminId}`, { rank: 'user' });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error.code).toBe('FORBIDDEN');
    expect((await admin.patch(`/api/admin/users/${adminId}`, { rank: 'teacher' })).statusCode).toBe(403);
    expect((await admin.get('/api/auth/session')).json().user.rank).toBe('admin');
    const missing = await admin.patch('/api/admin/users/nobody', { bio: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('USER_NOT_FOUND');
    expect((await admin.patch(`/api/admin/users/${adminId}`, { email: 'x@example.com' })).statusCode).toBe(400);
    expect((await admin.patch(`/api/admin/users/${adminId}`, { score: 1.5 })).statusCode).toBe(400);
  });
});

describe('badges', () => {
  it('awards a badge once (409 ALREADY_AWARDED after), removes it, and refuses unknown badges', async () => {
    const player = await registerPlayer(t.app);
    const url = `/api/admin/users/${player.userId}/badges`;
    const awarded = await admin.post(url, { badgeId: 'network-ninja' });
    expect(awarded.statusCode).toBe(200);
    expect(awarded.json()).toMatchObject({ uid: player.userId, badges: ['network-ninja'] });
    const again = await admin.post(url, { badgeId: 'network-ninja' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_AWARDED');
    const unknown = await admin.post(url, { badgeId: 'no-such-badge' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('BADGE_NOT_FOUND');
    expect((await admin.post('/api/admin/users/nobody/badges', { badgeId: 'network-ninja' })).json().error.code).toBe(
      'USER_NOT_FOUND',
    );

    const removed = await admin.delete(`${url}/network-ninja`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().badges).toEqual([]);
    const notHeld = await admin.delete(`${url}/network-ninja`);
    expect(notHeld.statusCode).toBe(404);
    expect(notHeld.json().error.code).toBe('BADGE_NOT_FOUND');

    const entries = await auditOf(player.userId);
    expect(entries.map((e) => e.action)).toEqual(['badge.remove', 'badge.award']);
    expect(entries[0]).toMatchObject({ actorName: 'admin', targetName: player.username, details: { badgeId: 'network-ninja' } });
  });
});

describe('DELETE /api/admin/users/:userId', () => {
  it('refuses to delete oneself with 400 CANNOT_DELETE_SELF', async () => {
    const response = await admin.delete(`/api/admin/users/${adminId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CANNOT_DELETE_SELF');
    expect((await admin.get('/api/auth/session')).json().user).toMatchObject({ uid: adminId, rank: 'admin' });
  });

  it('deletes the user with their solves, badges, submissions, sessions and avatar file', async () => {
    const player = await registerPlayer(t.app);
    await player.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const uploaded = await player.client.request({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.statusCode).toBe(200);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, player.userId));
    const avatarFile = path.join(t.config.dataDir, 'files', 'avatars', before!.avatarPath!);
    expect(existsSync(avatarFile)).toBe(true);

    const response = await admin.delete(`/api/admin/users/${player.userId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect((await player.client.get('/api/auth/session')).json()).toEqual({ user: null });
    expect((await player.client.get('/api/challenges')).statusCode).toBe(401);
    const db = t.database.db;
    for (const table of [solves, userBadges, submissions, sessions]) {
      expect(await db.select().from(table).where(eq(table.userId, player.userId))).toEqual([]);
    }
    expect(await db.select().from(users).where(eq(users.id, player.userId))).toEqual([]);
    expect(existsSync(avatarFile)).toBe(false);
    expect((await admin.get(`/api/admin/users?search=${player.username}`)).json().total).toBe(0);

    const entries = await auditOf(player.userId);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.delete',
        actorName: 'admin',
        targetName: player.username,
        details: { email: player.email, score: 10, rank: 'user' },
      }),
    ]);
    const again = await admin.delete(`/api/admin/users/${player.userId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('USER_NOT_FOUND');
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first, with the actor and the target', async () => {
    const page = (await admin.get('/api/admin/audit')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: page.entries.length });
    const times = page.entries.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const actions = new Set(page.entries.map((e: { action: string }) => e.action));
    for (const action of ['user.update', 'user.role', 'user.score', 'user.delete', 'badge.award', 'badge.remove']) {
      expect(actions).toContain(action);
    }
    expect(page.entries.every((e: { actorName: string }) => e.actorName === 'admin')).toBe(true);
  });
});
