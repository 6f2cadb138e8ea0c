import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ChallengeList, type ChallengeSummary, mergeChallengeList, type PublicChallenge } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { createManualClock } from '../../../../test/manual-clock.js';

// The list's JSON is one part shared by every player and one part of the player's own (challenge-list-json.ts): these
// tests check that what one player does never shows in another's list, and that every change reaches every list.

const clock = createManualClock();
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

const flag = 'CTF{list_cache_flag}';
const challengeBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: { en: `Cache ${id}`, fr: `Cache ${id}` },
  description: { en: 'Secret description.', fr: 'Description secrète.' },
  category: 'web-server',
  level: 'easy',
  scoring: { type: 'dynamic', initial: 500, decay: 2, minimum: 100, function: 'linear' },
  hints: [{ content: { en: 'Costly hint', fr: 'Indice payant' }, cost: 20 }],
  flags: [{ kind: 'static', matcher: 'exact', content: flag }],
  ...extra,
});

async function listOf(client: TestClient): Promise<Map<string, ChallengeSummary>> {
  const response = await client.get('/api/challenges');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return new Map(mergeChallengeList(response.json<ChallengeList>()).map((c) => [c.id, c]));
}

async function detailOf(client: TestClient, id: string): Promise<PublicChallenge> {
  const response = await client.get(`/api/challenges/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<PublicChallenge>();
}

describe('the shared challenge list', () => {
  it('keeps each player’s solves and unlocks to that player, and gives every change to all', async () => {
    for (const body of [
      challengeBody('cache-base', { maxAttempts: 5 }),
      challengeBody('cache-next', { prerequisites: ['cache-base'] }),
    ])
      expect((await admin.post('/api/admin/challenges', body)).statusCode).toBe(201);
    const alice = (await registerPlayer(t.app)).client;
    const bob = (await registerPlayer(t.app)).client;
    // Registered before any list is built: a registration refreshes every list (a new player on the leaderboard).
    const dave = (await registerPlayer(t.app)).client;
    const base = await listOf(bob);
    expect(base.get('cache-base')).toMatchObject({ solved: false, solveCount: 0, points: 500 });
    expect(base.get('cache-next')).toMatchObject({ isLocked: true, lockedBy: [{ id: 'cache-base' }] });

    // Alice: a wrong attempt and a hint opened, which only the challenge's own page shows (the list has neither).
    await alice.post('/api/challenges/cache-base/submit', { flag: 'CTF{wrong}' });
    const hintId = (await detailOf(bob, 'cache-base')).hints[0]!.id;
    expect((await alice.post(`/api/challenges/cache-base/hints/${hintId}/open`, {})).statusCode).toBe(200);
    expect(await detailOf(alice, 'cache-base')).toMatchObject({ attemptsLeft: 4, hints: [{ isOpened: true }] });
    expect(await detailOf(bob, 'cache-base')).toMatchObject({ attemptsLeft: 5, hints: [{ isOpened: false, content: null }] });
    expect(await listOf(alice)).toEqual(await listOf(bob));

    expect((await alice.post('/api/challenges/cache-base/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    // A second solver: the dynamic value decays from the second solve on (CTFd's formula).
    expect((await dave.post('/api/challenges/cache-base/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    const aliceList = await listOf(alice);
    const bobList = await listOf(bob);
    expect(aliceList.get('cache-base')).toMatchObject({ solved: true, solveCount: 2, points: 498 });
    expect(aliceList.get('cache-next')).toMatchObject({ isLocked: false, lockedBy: [] });
    expect(await detailOf(alice, 'cache-next')).toMatchObject({ isLocked: false, description: { en: 'Secret description.' } });
    // Bob sees the new count and value, and nothing of Alice's progress.
    expect(bobList.get('cache-base')).toMatchObject({ solved: false, solveCount: 2, points: 498 });
    expect(bobList.get('cache-next')).toMatchObject({ isLocked: true, lockedBy: [{ id: 'cache-base' }] });
    expect(await detailOf(bob, 'cache-next')).toMatchObject({ isLocked: true, description: { en: '' }, hints: [] });
    expect(JSON.stringify([...bobList.values()])).not.toContain(flag);
    expect(JSON.stringify([...aliceList.values()])).not.toContain(flag);
  });

  it('follows the catalogue, a challenge’s close time and its open time without any request changing them', async () => {
    const now = clock.now().getTime();
    const body = challengeBody('cache-timed', {
      closesAt: new Date(now + 60_000).toISOString(),
    });
    expect((await admin.post('/api/admin/challenges', body)).statusCode).toBe(201);
    const later = challengeBody('cache-later', { opensAt: new Date(now + 30_000).toISOString() });
    expect((await admin.post('/api/admin/challenges', later)).statusCode).toBe(201);
    const carol = (await registerPlayer(t.app)).client;
    let list = await listOf(carol);
    expect(list.get('cache-timed')).toMatchObject({ isClosed: false });
    expect(list.has('cache-later')).toBe(false);

    clock.advance(30_000);
    list = await listOf(carol);
    expect(list.get('cache-timed')).toMatchObject({ isClosed: false });
    expect(list.has('cache-later')).toBe(true);

    clock.advance(30_000);
    expect((await listOf(carol)).get('cache-timed')).toMatchObject({ isClosed: true });

    const renamed = await admin.patch('/api/admin/challenges/cache-later', { title: { en: 'Renamed', fr: 'Renommé' } });
    expect(renamed.statusCode).toBe(200);
    expect((await listOf(carol)).get('cache-later')?.title).toEqual({ en: 'Renamed', fr: 'Renommé' });
    expect((await admin.patch('/api/admin/challenges/cache-later', { state: 'hidden' })).statusCode).toBe(200);
    expect((await listOf(carol)).has('cache-later')).toBe(false);
  });
  it('shares a view only between players whose own part of it is alike, and follows each player’s own changes', async () => {
    for (const body of [
      challengeBody('share-a', { maxAttempts: 3 }),
      challengeBody('share-b', { prerequisites: ['share-a'], explanation: { en: 'Why.', fr: 'Pourquoi.' } }),
    ])
      expect((await admin.post('/api/admin/challenges', body)).statusCode).toBe(201);
    const [p1, p2, p3] = [
      (await registerPlayer(t.app)).client,
      (await registerPlayer(t.app)).client,
      (await registerPlayer(t.app)).client,
    ];
    // p3's list is a newcomer's: it shows neither lock lifted nor solve, and is not changed by a wrong attempt.
    const newcomer = await listOf(p3);
    expect(newcomer.get('share-b')).toMatchObject({ isLocked: true, solved: false });
    await p3.post('/api/challenges/share-a/submit', { flag: 'CTF{wrong}' });
    expect(await listOf(p3)).toEqual(newcomer);
    for (const p of [p1, p2])
      expect((await p.post('/api/challenges/share-a/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    expect((await listOf(p1)).get('share-b')).toMatchObject({ isLocked: false, solved: false, hasExplanation: false });
    expect((await listOf(p3)).get('share-b')).toMatchObject({ isLocked: true });
    // p1 solves share-b: its explanation is theirs only, and p2 (same solves of share-a) still sees it unsolved.
    expect((await p1.post('/api/challenges/share-b/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    expect((await listOf(p1)).get('share-b')).toMatchObject({ solved: true, hasExplanation: true });
    expect((await listOf(p2)).get('share-b')).toMatchObject({ solved: false, hasExplanation: false, solveCount: 1 });
    expect(await detailOf(p1, 'share-b')).toMatchObject({ solved: true, explanation: { en: 'Why.' } });
    expect(await detailOf(p2, 'share-b')).toMatchObject({ solved: false, explanation: null });
    // share-a has no explanation: solved, the card has nothing to lead to.
    expect((await listOf(p1)).get('share-a')).toMatchObject({ solved: true, hasExplanation: false });
  });
  it('answers a browser one gzip member (shared part deflated once, own part stored), with the same list', async () => {
    const [p1, p2] = [(await registerPlayer(t.app)).client, (await registerPlayer(t.app)).client];
    expect((await p2.post('/api/challenges/share-a/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    for (const player of [p1, p2]) {
      const plain = await player.get('/api/challenges');
      for (const accepted of ['br, gzip', 'gzip, deflate, br, zstd', 'gzip']) {
        const answer = await player.get('/api/challenges', { 'accept-encoding': accepted });
        expect(answer.headers['content-encoding'], accepted).toBe('gzip');
        expect(answer.headers.vary).toMatch(/accept-encoding/);
        expect(gunzipSync(answer.rawPayload).toString('utf8')).toBe(plain.body);
      }
      // Brotli alone is not spliced: the JSON as it is.
      const brOnly = await player.get('/api/challenges', { 'accept-encoding': 'br' });
      expect(brOnly.headers['content-encoding']).toBeUndefined();
      expect(brOnly.body).toBe(plain.body);
    }
    const [first, second] = [await p1.get('/api/challenges'), await p2.get('/api/challenges')];
    expect(first.body).not.toBe(second.body);
    expect(first.body.slice(0, first.body.indexOf('"own":'))).toBe(second.body.slice(0, second.body.indexOf('"own":')));
  });
});
