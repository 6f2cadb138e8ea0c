import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLogs, users } from '../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { createAuditService } from '../audit/audit.service.js';
import { createBadgesRepository } from '../badges/badges.repository.js';
import { createBadgesService } from '../badges/badges.service.js';
import { createMemoryEventBus, type ServerEventMessage } from '../events/event-bus.js';
import { createScoringRepository } from '../scoring/scoring.repository.js';
import { createScoringService } from '../scoring/scoring.service.js';
import { optOutOfScoreCheck } from '../../../test/score-check.js';

import { createAdminRepository, isUsernameConflict } from './admin.repository.js';
import { type AvatarStore, createAdminService } from './admin.service.js';
import { createAdminSubmissionsRepository } from './admin-submissions.repository.js';

let t: TestApp;
let adminId: string;

beforeAll(async () => {
  t = await buildTestApp();
  // The service under test runs on the app's database with a bus of its own: the app never hears of its score changes.
  optOutOfScoreCheck(t, 'a second admin service writes scores behind the app');
  adminId = (await (await loginAdmin(t.app)).get('/api/auth/session')).json().user.uid;
});
afterAll(async () => {
  await t.close();
});

/** The service on the test app's database, with a fake avatar store and a bus that records what it is told. */
function buildService(avatars: AvatarStore = { deleteAvatar: async () => {} }) {
  const events = createMemoryEventBus();
  const published: ServerEventMessage[] = [];
  events.subscribe((message) => published.push(message));
  const db = t.database.db;
  const audit = createAuditService({ repository: createAuditRepository(db) });
  const reported: unknown[] = [];
  const admin = createAdminService({
    repository: createAdminRepository(db),
    submissions: createAdminSubmissionsRepository(db),
    transaction: createUnitOfWork(db, (tx) => ({
      users: createAdminRepository(tx),
      audit: createAuditService({ repository: createAuditRepository(tx) }),
      awardEarnedBadges: (userId: string, score: number) =>
        createBadgesService({ repository: createBadgesRepository(tx) }).awardEarnedBadges(userId, score),
    })),
    events,
    scoring: createScoringService({ repository: createScoringRepository(db), events }),
    avatars,
    reportError: (error) => reported.push(error),
  });
  return { admin, audit, published, reported };
}

describe('AdminService', () => {
  it('deletes the avatar through the avatar store and tells the leaderboard', async () => {
    const calls: [string, string | null][] = [];
    const { admin, published } = buildService({
      deleteAvatar: async (userId, avatarPath) => void calls.push([userId, avatarPath]),
    });
    const player = await registerPlayer(t.app);
    await t.database.db.update(users).set({ avatarPath: 'face.jpg' }).where(eq(users.id, player.userId));
    expect(await admin.deleteUser(adminId, player.userId)).toEqual({ ok: true });
    expect(calls).toEqual([[player.userId, 'face.jpg']]);
    expect(published).toEqual([{ type: 'leaderboard', data: { reason: 'user-deleted' } }]);
  });

  it('keeps the deletion when the avatar file cannot be removed, and reports the error', async () => {
    const failure = new Error('disk gone');
    const { admin, reported } = buildService({ deleteAvatar: () => Promise.reject(failure) });
    const player = await registerPlayer(t.app);
    expect(await admin.deleteUser(adminId, player.userId)).toEqual({ ok: true });
    expect(reported).toEqual([failure]);
    expect(await t.database.db.select().from(users).where(eq(users.id, player.userId))).toEqual([]);
  });

  it('publishes user-updated after an edit that changed something, and nothing after one that did not', async () => {
    const { admin, published } = buildService();
    const player = await registerPlayer(t.app);
    await admin.updateUser(adminId, player.userId, { score: 42 });
    expect(published).toEqual([{ type: 'leaderboard', data: { reason: 'user-updated' } }]);
    await admin.updateUser(adminId, player.userId, { score: 42, rank: 'user', bio: '' });
    expect(published).toHaveLength(1);
    await admin.awardBadge(adminId, player.userId, 'pentester');
    await admin.removeBadge(adminId, player.userId, 'pentester');
    expect(published).toHaveLength(3);
  });

  it('rolls the change back with its audit entry when a later step fails', async () => {
    const { admin } = buildService();
    const player = await registerPlayer(t.app);
    await expect(admin.awardBadge(adminId, player.userId, 'no-such-badge')).rejects.toMatchObject({ code: 'BADGE_NOT_FOUND' });
    const other = await registerPlayer(t.app);
    await expect(admin.updateUser(adminId, player.userId, { bio: 'kept?', username: other.username })).rejects.toMatchObject({
      code: 'USERNAME_TAKEN',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.userId));
    expect(row?.bio).toBe('');
    expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetUserId, player.userId))).toEqual([]);
  });
});

describe('isUsernameConflict', () => {
  it('recognises the database refusing a duplicate username (two admins renaming at once)', async () => {
    const [a, b] = [await registerPlayer(t.app), await registerPlayer(t.app)];
    const error: unknown = await createAdminRepository(t.database.db)
      .updateProfile(a.userId, { username: b.username.toUpperCase() })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeDefined();
    expect(isUsernameConflict(error)).toBe(true);
    expect(isUsernameConflict(new Error('duplicate key'))).toBe(false);
  });
});

describe('AuditService.record', () => {
  it('records an action outside the admin routes (the seed), looking up the actor’s name', async () => {
    const { audit } = buildService();
    await audit.record({ actorId: adminId, action: 'catalogue.seed', details: { challenges: 20, badges: 8 } });
    const page = await audit.listEntries(1);
    expect(page.entries[0]).toMatchObject({
      actorName: 'admin',
      action: 'catalogue.seed',
      targetUserId: null,
      targetName: null,
      details: { challenges: 20, badges: 8 },
    });
  });
});
