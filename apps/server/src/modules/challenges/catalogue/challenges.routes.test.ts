import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ChallengeList, mergeChallengeList } from '@drapeau/shared';

import { badges, solves, submissions, users } from '../../../db/schema/index.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../../test/build-test-app.js';
import { PACK_CHALLENGE_COUNT } from '../../../../test/pack.js';
import { expectScoreInvariant, recomputeScoreOf } from '../../../../test/score-invariant.js';
import { deriveFlag } from '../flags/flag-check.js';

let t: TestApp;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

beforeAll(async () => {
  // Above the 100 concurrent flags below; the limit itself is tested in submissions/submission-limits.routes.test.ts.
  t = await buildTestApp({ env: { SUBMISSION_RATE_LIMIT: '200' } });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/challenges', () => {
  it('requires a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/challenges' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('lists every seeded challenge of the pack in six categories, in both languages, without any flag', async () => {
    const { client } = await registerPlayer(t.app);
    const response = await client.get('/api/challenges');
    expect(response.statusCode).toBe(200);
    const challenges = mergeChallengeList(response.json<ChallengeList>());
    expect(challenges).toHaveLength(PACK_CHALLENGE_COUNT);
    expect(new Set(challenges.map((c) => c.category)).size).toBe(6);
    expect(challenges[0]).toMatchObject({
      title: { en: expect.any(String), fr: expect.any(String) },
      solved: false,
      solveCount: 0,
    });
    expect(response.body).not.toMatch(/CTF\{[a-z]/);
    for (const c of challenges) expect(response.body).not.toContain(flagOf(c.id));
  });

  it('answers 404 CHALLENGE_NOT_FOUND for an unknown challenge and 400 for a malformed id', async () => {
    const { client } = await registerPlayer(t.app);
    const missing = await client.get('/api/challenges/no-such-challenge');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('CHALLENGE_NOT_FOUND');
    expect((await client.get('/api/challenges/Bad%20Id')).statusCode).toBe(400);
  });
});

describe('POST /api/challenges/:id/submit', () => {
  it('requires a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/challenges/xor-encryption/submit', payload: { flag: 'x' } });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a blank flag with 400 and an unknown challenge with 404', async () => {
    const { client } = await registerPlayer(t.app);
    const blank = await client.post('/api/challenges/xor-encryption/submit', { flag: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe('VALIDATION_FAILED');
    const unknown = await client.post('/api/challenges/nope/submit', { flag: 'CTF{x}' });
    expect(unknown.statusCode).toBe(404);
  });

  it('scores a correct flag once, awards First Blood, and reports a resubmission as already solved', async () => {
    const player = await registerPlayer(t.app);
    const first = await player.client.post('/api/challenges/dom-manipulation/submit', {
      flag: `  ${flagOf('dom-manipulation')} `,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      status: 'correct',
      message: 'Correct flag! Points awarded.',
      points: 10,
      score: 10,
      newBadges: ['first-blood'],
      attemptsLeft: null,
    });
    const again = await player.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    expect(again.json()).toMatchObject({
      success: false,
      status: 'already_solved',
      message: 'You already solved this challenge.',
    });

    const me = (await player.client.get('/api/auth/session')).json().user;
    expect(me).toMatchObject({ score: 10, solvedChallenges: ['dom-manipulation'], badges: ['first-blood'] });
    const detail = (await player.client.get('/api/challenges/dom-manipulation')).json();
    expect(detail).toMatchObject({ solved: true, solveCount: 1 });
  });

  it('does not accept another challenge’s flag', async () => {
    const { client } = await registerPlayer(t.app);
    const response = await client.post('/api/challenges/xor-encryption/submit', { flag: flagOf('dom-manipulation') });
    expect(response.json()).toMatchObject({ success: false, status: 'incorrect', message: 'Incorrect flag. Try again!' });
  });

  it('records every attempt for admins, with the IP and the result', async () => {
    const player = await registerPlayer(t.app);
    await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{guess}' });
    await player.client.post('/api/challenges/caesar-cipher/submit', { flag: flagOf('caesar-cipher') });
    const rows = await t.database.db.select().from(submissions).where(eq(submissions.userId, player.userId));
    expect(rows.map((r) => r.isCorrect).sort()).toEqual([false, true]);
    expect(rows.every((r) => r.challengeId === 'caesar-cipher' && r.ip === '127.0.0.1')).toBe(true);
  });

  it('gives exactly one solve and one score increase for 100 concurrent correct submissions', async () => {
    const player = await registerPlayer(t.app);
    const flag = flagOf('command-injection');
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => player.client.post('/api/challenges/command-injection/submit', { flag })),
    );
    const statuses = responses.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'correct')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'already_solved')).toHaveLength(99);
    const solveRows = await t.database.db.select().from(solves).where(eq(solves.userId, player.userId));
    expect(solveRows).toHaveLength(1);
    expect(await recomputeScoreOf(t.database, 'players', player.userId)).toBe(60);
    await expectScoreInvariant(t);
  });

  it('serves every score as the ledger recomputes it from the rows', async () => {
    await expectScoreInvariant(t);
    expect((await t.database.db.select({ id: users.id }).from(users)).length).toBeGreaterThan(5);
  });
});

describe('POST /api/admin/seed', () => {
  it('is refused to anonymous visitors (401) and players (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/seed' })).statusCode).toBe(401);
    const { client } = await registerPlayer(t.app);
    const response = await client.post('/api/admin/seed');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('rewrites the catalogue for an admin and keeps players’ solves', async () => {
    const player = await registerPlayer(t.app);
    await player.client.post('/api/challenges/xor-encryption/submit', { flag: flagOf('xor-encryption') });
    const admin = await loginAdmin(t.app);
    const response = await admin.post('/api/admin/seed');
    expect(response.statusCode).toBe(200);
    // Nothing changed in the pack since the first start: Seed says so (it reports what it really did).
    expect(response.json()).toMatchObject({
      challengeCount: 0,
      badgeCount: 8,
      report: { created: 0, updated: 0, unchanged: PACK_CHALLENGE_COUNT },
      badges: { created: 0, updated: 0, unchanged: 8 },
    });
    const me = (await player.client.get('/api/auth/session')).json().user;
    expect(me).toMatchObject({ score: 30, solvedChallenges: ['xor-encryption'] });
  });

  it('counts the badges it really added or changed, and puts them back as built', async () => {
    await t.database.db.update(badges).set({ titleEn: 'Renamed' }).where(eq(badges.id, 'pentester'));
    await t.database.db.delete(badges).where(eq(badges.id, 'web-master'));
    const admin = await loginAdmin(t.app);
    const response = await admin.post('/api/admin/seed');
    expect(response.json()).toMatchObject({ badgeCount: 8, badges: { created: 1, updated: 1, unchanged: 6 } });
    const rows = await t.database.db
      .select()
      .from(badges)
      .where(inArray(badges.id, ['pentester', 'web-master']));
    expect(rows.map((row) => row.titleEn).sort()).toEqual(['Pentester', 'Web Master']);
    expect((await admin.post('/api/admin/seed')).json().badges).toEqual({ created: 0, updated: 0, unchanged: 8 });
  });

  it('shows flags to admins only', async () => {
    const { client } = await registerPlayer(t.app);
    expect((await client.get('/api/admin/challenges/flags')).statusCode).toBe(403);
    const admin = await loginAdmin(t.app);
    const { flags } = (await admin.get('/api/admin/challenges/flags')).json();
    expect(flags).toHaveLength(PACK_CHALLENGE_COUNT);
    expect(flags).toContainEqual({ id: 'xor-encryption', flag: flagOf('xor-encryption') });
  });
});

describe('POST /api/challenges/:id/lab', () => {
  it('requires a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/sql-injection-extraction/lab',
      payload: { action: 'login' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('runs the SQL injection check on the server and reveals the flag only on success', async () => {
    const { client } = await registerPlayer(t.app);
    const fail = await client.post('/api/challenges/sql-injection-extraction/lab', {
      action: 'login',
      input: { username: 'bob', password: 'pw' },
    });
    expect(fail.statusCode).toBe(200);
    expect(fail.json().ok).toBe(false);
    expect(fail.body).not.toContain(flagOf('sql-injection-extraction'));
    const win = await client.post('/api/challenges/sql-injection-extraction/lab', {
      action: 'login',
      input: { username: "admin' --", password: 'x' },
    });
    expect(win.json()).toMatchObject({ ok: true, output: { flag: flagOf('sql-injection-extraction') } });
  });

  it('sends the Hidden HTTP Headers flag in real response headers', async () => {
    const { client } = await registerPlayer(t.app);
    const response = await client.post('/api/challenges/hidden-http-headers/lab', { action: 'request' });
    expect(Object.values(response.headers)).toContain(flagOf('hidden-http-headers'));
    // Nothing names the header that matters: the player has to read them all.
    expect(response.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('answers 404 LAB_NOT_FOUND for a challenge without an exercise', async () => {
    const { client } = await registerPlayer(t.app);
    const response = await client.post('/api/challenges/caesar-cipher/lab', { action: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('LAB_NOT_FOUND');
  });
});
