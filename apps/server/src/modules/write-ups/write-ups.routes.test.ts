import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { WriteUp, WriteUpPage } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { registerTeacher } from '../../../test/class-fixtures.js';

import { createChallenge, mineUrl, solve, WRITE_UP, writeUpsUrl } from './testing/write-up-fixtures.js';

// docs/product.md#write-ups: published after a solve, read by others once they solved it too, hidden by moderators.

let t: TestApp;
let admin: TestClient;
type Player = Awaited<ReturnType<typeof registerPlayer>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  for (const id of ['wu-main', 'wu-other', 'wu-edit', 'wu-hide']) await createChallenge(admin, id);
  await createChallenge(admin, 'wu-hidden', { state: 'hidden' });
});
afterAll(async () => t?.close());

const page = async (client: TestClient, challengeId: string) => (await client.get(writeUpsUrl(challengeId))).json<WriteUpPage>();
async function playerWhoSolved(...challengeIds: string[]): Promise<Player> {
  const player = await registerPlayer(t.app);
  for (const id of challengeIds) await solve(player.client, id);
  return player;
}

describe('publishing a write-up', () => {
  it('is refused with 403 CHALLENGE_NOT_SOLVED before a solve, and nothing is stored', async () => {
    const player = await registerPlayer(t.app);
    const response = await player.client.put(mineUrl('wu-main'), WRITE_UP);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CHALLENGE_NOT_SOLVED');
    const all = await page(admin, 'wu-main');
    expect([...all.writeUps, all.own].some((w) => w?.author.uid === player.userId)).toBe(false);
  });

  it('answers 404 CHALLENGE_NOT_FOUND for an unknown or hidden challenge, 400 for a malformed id', async () => {
    const player = await playerWhoSolved('wu-main');
    for (const url of [mineUrl('no-such-challenge'), mineUrl('wu-hidden')]) {
      const response = await player.client.put(url, WRITE_UP);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('CHALLENGE_NOT_FOUND');
    }
    expect((await player.client.put(mineUrl('Not_An_Id'), WRITE_UP)).statusCode).toBe(400);
  });

  it('creates one write-up per player and challenge: 201, then a second PUT replaces it (200, same id)', async () => {
    const author = await playerWhoSolved('wu-edit');
    const created = await author.client.put(mineUrl('wu-edit'), WRITE_UP);
    expect(created.statusCode).toBe(201);
    expect(created.json<WriteUp>()).toMatchObject({
      challengeId: 'wu-edit',
      author: { uid: author.userId, username: author.username },
      language: 'en',
      title: WRITE_UP.title,
      body: WRITE_UP.body,
      isHidden: false,
    });
    const edited = await author.client.put(mineUrl('wu-edit'), {
      language: 'fr',
      title: '   ',
      body: '  Une injection **UNION** à la main, colonne par colonne.  ',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<WriteUp>()).toMatchObject({
      id: created.json<WriteUp>().id,
      language: 'fr',
      title: null,
      body: 'Une injection **UNION** à la main, colonne par colonne.',
    });
    const own = await page(author.client, 'wu-edit');
    expect(own.own?.id).toBe(created.json<WriteUp>().id);
    expect(own.writeUps).toEqual([]);
    expect(own.canModerate).toBe(false);
  });

  it('refuses bad input with 400 VALIDATION_FAILED: too long, too short, unknown language, a multi-line title, a NUL', async () => {
    const player = await playerWhoSolved('wu-other');
    for (const body of [
      { ...WRITE_UP, body: 'x'.repeat(20_001) },
      { ...WRITE_UP, body: '   too short    ' },
      { ...WRITE_UP, language: 'de' },
      { ...WRITE_UP, title: 't'.repeat(121) },
      { ...WRITE_UP, title: 'two\nlines' },
      { ...WRITE_UP, body: `${WRITE_UP.body}\u0000` },
      { language: 'en' },
      { ...WRITE_UP, isHidden: false, extra: 1, body: 42 },
    ]) {
      const response = await player.client.put(mineUrl('wu-other'), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await page(player.client, 'wu-other')).own).toBeNull();
    // The longest accepted text is stored whole.
    expect((await player.client.put(mineUrl('wu-other'), { ...WRITE_UP, body: 'y'.repeat(20_000) })).statusCode).toBe(201);
  });

  it('is deleted by its author only; deleting when there is none is 404 WRITE_UP_NOT_FOUND', async () => {
    const [author, other] = [await playerWhoSolved('wu-other'), await playerWhoSolved('wu-other')];
    await author.client.put(mineUrl('wu-other'), WRITE_UP);
    const none = await other.client.delete(mineUrl('wu-other'));
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('WRITE_UP_NOT_FOUND');
    // Another player's PUT writes their own write-up, never the author's.
    await other.client.put(mineUrl('wu-other'), { ...WRITE_UP, body: 'Defaced by another player, who tries.' });
    expect((await page(author.client, 'wu-other')).own?.body).toBe(WRITE_UP.body);
    expect((await author.client.delete(mineUrl('wu-other'))).statusCode).toBe(200);
    expect((await page(author.client, 'wu-other')).own).toBeNull();
    const seen = (await page(other.client, 'wu-other')).writeUps.map((w) => w.author.uid);
    expect(seen).not.toContain(author.userId);
  });
});

describe('reading write-ups', () => {
  let author: Player;
  beforeAll(async () => {
    author = await playerWhoSolved('wu-main');
    expect((await author.client.put(mineUrl('wu-main'), WRITE_UP)).statusCode).toBe(201);
  });

  it('is locked (403 CHALLENGE_NOT_SOLVED, no text) until the reader solved this very challenge', async () => {
    const reader = await playerWhoSolved('wu-other');
    const locked = await reader.client.get(writeUpsUrl('wu-main'));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('CHALLENGE_NOT_SOLVED');
    expect(locked.body).not.toContain('UNION');
    // Other pages and ids of the same list are locked too; a hidden or unknown challenge is not found.
    expect((await reader.client.get(`${writeUpsUrl('wu-main')}?page=2`)).statusCode).toBe(403);
    expect((await reader.client.get(writeUpsUrl('wu-hidden'))).statusCode).toBe(404);
    expect((await reader.client.get(writeUpsUrl('no-such-challenge'))).statusCode).toBe(404);

    await solve(reader.client, 'wu-main');
    const open = await page(reader.client, 'wu-main');
    expect(open.writeUps).toHaveLength(1);
    expect(open.writeUps[0]).toMatchObject({ author: { uid: author.userId }, body: WRITE_UP.body, title: WRITE_UP.title });
    expect(open).toMatchObject({ own: null, canModerate: false, total: 1, page: 1 });
  });

  it('is open to admins without a solve, hidden challenges included', async () => {
    const all = await page(admin, 'wu-main');
    expect(all.canModerate).toBe(true);
    expect(all.writeUps.map((w) => w.author.uid)).toContain(author.userId);
    expect((await admin.get(writeUpsUrl('wu-hidden'))).statusCode).toBe(200);
  });

  it('pages 20 write-ups at a time, newest first', async () => {
    const authors = await Promise.all(Array.from({ length: 21 }, () => playerWhoSolved('wu-hide')));
    for (const [i, player] of authors.entries())
      expect((await player.client.put(mineUrl('wu-hide'), { ...WRITE_UP, title: `Number ${i}` })).statusCode).toBe(201);
    const first = await page(admin, 'wu-hide');
    expect(first).toMatchObject({ total: 21, pageSize: 20 });
    expect(first.writeUps).toHaveLength(20);
    expect(first.writeUps[0]?.title).toBe('Number 20');
    const second = (await admin.get(`${writeUpsUrl('wu-hide')}?page=2`)).json<WriteUpPage>();
    expect(second.writeUps.map((w) => w.title)).toEqual(['Number 0']);
  });
});

describe('hiding a write-up', () => {
  it('is for teachers too: they read without a solve, hide and unhide; hidden challenges stay admins’ only', async () => {
    const teacher = await registerTeacher(t.app, admin);
    const author = await playerWhoSolved('wu-main');
    const reader = await playerWhoSolved('wu-main');
    const { id } = (await author.client.put(mineUrl('wu-main'), { ...WRITE_UP, title: 'Teacher hides' })).json<WriteUp>();
    const all = await page(teacher.client, 'wu-main');
    expect(all.canModerate).toBe(true);
    expect(all.writeUps.map((w) => w.id)).toContain(id);
    expect((await teacher.client.post(`/api/write-ups/${id}/hide`)).json<WriteUp>().isHidden).toBe(true);
    expect((await page(reader.client, 'wu-main')).writeUps.map((w) => w.id)).not.toContain(id);
    expect((await page(teacher.client, 'wu-main')).writeUps.find((w) => w.id === id)).toMatchObject({ isHidden: true });
    expect((await teacher.client.post(`/api/write-ups/${id}/unhide`)).json<WriteUp>().isHidden).toBe(false);
    expect((await page(reader.client, 'wu-main')).writeUps.map((w) => w.id)).toContain(id);
    const hiddenChallenge = await teacher.client.get(writeUpsUrl('wu-hidden'));
    expect(hiddenChallenge.statusCode).toBe(404);
    expect(hiddenChallenge.json().error.code).toBe('CHALLENGE_NOT_FOUND');
  });

  it('is for moderators only: a player gets 403 FORBIDDEN and the write-up stays visible', async () => {
    const author = await playerWhoSolved('wu-main');
    const { id } = (await author.client.put(mineUrl('wu-main'), WRITE_UP)).json<WriteUp>();
    for (const client of [author.client, (await playerWhoSolved('wu-main')).client]) {
      const refused = await client.post(`/api/write-ups/${id}/hide`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
    const reader = await playerWhoSolved('wu-main');
    expect((await page(reader.client, 'wu-main')).writeUps.map((w) => w.id)).toContain(id);
  });

  it('shows a hidden write-up to nobody but its author (marked) and moderators; edits keep it hidden; audited', async () => {
    const author = await playerWhoSolved('wu-main');
    const reader = await playerWhoSolved('wu-main');
    const { id } = (await author.client.put(mineUrl('wu-main'), { ...WRITE_UP, title: 'To hide' })).json<WriteUp>();
    const hidden = await admin.post(`/api/write-ups/${id}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<WriteUp>()).toMatchObject({ id, isHidden: true });

    expect((await page(reader.client, 'wu-main')).writeUps.map((w) => w.id)).not.toContain(id);
    expect((await page(author.client, 'wu-main')).own).toMatchObject({ id, isHidden: true });
    expect((await page(admin, 'wu-main')).writeUps.find((w) => w.id === id)).toMatchObject({ isHidden: true });
    // The author's edit does not bring it back.
    expect((await author.client.put(mineUrl('wu-main'), { ...WRITE_UP, title: 'Edited' })).json<WriteUp>().isHidden).toBe(true);
    expect((await page(reader.client, 'wu-main')).writeUps.map((w) => w.id)).not.toContain(id);

    expect((await admin.post(`/api/write-ups/${id}/unhide`)).json<WriteUp>().isHidden).toBe(false);
    expect((await page(reader.client, 'wu-main')).writeUps.find((w) => w.id === id)).toMatchObject({ title: 'Edited' });

    const entries = (await admin.get('/api/admin/audit')).json<{
      entries: { action: string; targetName: string; details: Record<string, unknown> }[];
    }>().entries;
    expect(entries.slice(0, 2)).toMatchObject([
      { action: 'write-up.unhide', targetName: author.username, details: { writeUpId: id, challengeId: 'wu-main' } },
      { action: 'write-up.hide', targetName: author.username, details: { writeUpId: id, challengeId: 'wu-main' } },
    ]);
  });

  it('answers 404 WRITE_UP_NOT_FOUND for an unknown id and 400 for a malformed one', async () => {
    const unknown = await admin.post('/api/write-ups/999999/hide');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('WRITE_UP_NOT_FOUND');
    expect((await admin.post('/api/write-ups/abc/unhide')).statusCode).toBe(400);
  });
});
