import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallenge } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { CTFCLI_FIXTURE_DIR, filesOf, fixtureZip, importZip } from '../../../../test/ctfcli-fixture.js';
import { PACK_CHALLENGE_COUNT } from '../../../../test/pack.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const FIXTURE_IDS = [
  'baby-rsa',
  'cookie-monster',
  'crackme-1',
  'dns-exfiltration',
  'exif-secrets',
  'lost-in-the-pcap',
  'ret2win',
  'robots-rule',
  'sanity-check',
  'xor-me-if-you-can',
];

describe('the ctfcli fixture (ten challenges as CTFd users write them)', () => {
  it('imports unchanged, reporting each challenge and the ctfcli fields Drapeau does not use', async () => {
    const response = await importZip(admin, await fixtureZip(), true);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 10, updated: 0, unchanged: 0 });
    expect(report.createdCategories.sort()).toEqual(['crypto', 'misc', 'pwn', 'reversing', 'web']);
    expect(report.challenges.map((c: { id: string }) => c.id).sort()).toEqual(FIXTURE_IDS);
    const ret2win = report.challenges.find((c: { id: string }) => c.id === 'ret2win');
    expect(ret2win).toMatchObject({ source: 'pwn/ret2win', action: 'created', fileCount: 2 });
    // `image: .` with no Dockerfile in its folder: imported without its service, with a warning (connection_info is kept).
    expect(ret2win.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'SERVICE_LEFT_OUT',
          params: { reason: 'IMAGE_FOLDER_MISSING', image: '.' },
          message: expect.stringMatching(/^image: "\." is not a folder .*; imported without its service$/) as string,
        }),
      ]),
    );

    const get = async (id: string) => (await admin.get(`/api/admin/challenges/${id}`)).json<AdminChallenge>();
    expect(await get('cookie-monster')).toMatchObject({
      category: 'web',
      prerequisites: ['robots-rule'],
      hints: [{ cost: 0 }, { cost: 25 }],
      flags: [
        { kind: 'static', matcher: 'regex', content: '(?i)flag\\{c00kie_[a-z0-9]{8}\\}' },
        { kind: 'static', matcher: 'exact', content: 'flag{cookie_backup_answer}' },
      ],
    });
    const files = await filesOf(CTFCLI_FIXTURE_DIR);
    const rsa = await get('baby-rsa');
    expect(rsa).toMatchObject({
      scoring: { type: 'dynamic', initial: 500, decay: 15, minimum: 100, function: 'linear' },
      points: 500,
      tags: ['crypto', 'rsa', 'math'],
      hints: [{ cost: 50 }, { cost: 150 }],
      flags: [{ matcher: 'exact' }, { matcher: 'case-insensitive', content: 'flag{small_e_big_trouble}' }],
    });
    expect(rsa.attachments.map((a) => [a.name, a.sha256])).toEqual([
      ['chall.py', sha256(files['crypto/baby-rsa/dist/chall.py']!)],
      ['output.txt', sha256(files['crypto/baby-rsa/dist/output.txt']!)],
    ]);
    expect(await get('crackme-1')).toMatchObject({ state: 'hidden', maxAttempts: 5, scoring: { type: 'dynamic' } });
    expect(await get('ret2win')).toMatchObject({ prerequisites: ['crackme-1'], author: 'dave' });
    expect(await get('dns-exfiltration')).toMatchObject({ prerequisites: ['lost-in-the-pcap'], category: 'networking' });
    expect(await get('exif-secrets')).toMatchObject({ category: 'forensics', scoring: { type: 'static', points: 100 } });

    const again = await importZip(admin, await fixtureZip(), true);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 10 });
  });

  it('lets a player solve one of them: locked until its requirement is solved, regex flag in any case', async () => {
    const player = await registerPlayer(t.app);
    const list = (await player.client.get('/api/challenges')).json().challenges as { id: string }[];
    expect(list.some((c) => c.id === 'crackme-1')).toBe(false);
    expect((await player.client.get('/api/challenges/crackme-1')).statusCode).toBe(404);
    expect((await player.client.get('/api/challenges/cookie-monster')).json()).toMatchObject({ isLocked: true });
    const early = await player.client.post('/api/challenges/cookie-monster/submit', { flag: 'flag{c00kie_abcd1234}' });
    expect(early.statusCode).toBe(403);

    const robots = await player.client.post('/api/challenges/robots-rule/submit', { flag: 'flag{r0b0ts_are_n0t_a_wall}' });
    expect(robots.json()).toMatchObject({ status: 'correct', points: 50, score: 50 });
    const cookie = await player.client.post('/api/challenges/cookie-monster/submit', { flag: 'FLAG{C00KIE_ABCD1234}' });
    expect(cookie.json()).toMatchObject({ status: 'correct', points: 100, score: 150 });
  });

  it('serves an imported file to signed-in players only, as a download that is never sniffed', async () => {
    const files = await filesOf(CTFCLI_FIXTURE_DIR);
    const rsa = (await admin.get('/api/admin/challenges/baby-rsa')).json<AdminChallenge>();
    const url = `/api/challenges/baby-rsa/attachments/${rsa.attachments[1]!.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const player = await registerPlayer(t.app);
    const download = await player.client.get(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="output\.txt"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(files['crypto/baby-rsa/dist/output.txt']!)).toBe(true);
  });
});

describe('export then import into a fresh database', () => {
  it('gives the same catalogue: every challenge’s admin view, and every file by SHA-256', async () => {
    const exported = await admin.get('/api/admin/challenges/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment/);
    const fresh = await buildTestApp();
    try {
      const freshAdmin = await loginAdmin(fresh.app);
      const imported = await importZip(freshAdmin, exported.rawPayload, true);
      expect(imported.statusCode, imported.body).toBe(200);
      const catalogueOf = async (client: TestClient) => {
        const ids = ((await client.get('/api/admin/challenges')).json().challenges as { id: string }[]).map((c) => c.id);
        const views = await Promise.all(ids.map(async (id) => (await client.get(`/api/admin/challenges/${id}`)).json()));
        // Row ids, times and counters belong to the database, not to the catalogue.
        return views
          .map(({ updatedAt: _u, solveCount: _s, points: _p, ...c }: AdminChallenge) => ({
            ...c,
            hints: c.hints.map(({ id: _i, openCount: _o, ...h }) => h),
            flags: c.flags.map(({ id: _i, ...f }) => f),
            attachments: c.attachments.map(({ id: _i, url: _url, ...a }) => a),
          }))
          .sort((a, b) => a.id.localeCompare(b.id));
      };
      const before = await catalogueOf(admin);
      const after = await catalogueOf(freshAdmin);
      expect(before.length).toBe(PACK_CHALLENGE_COUNT + 10); // the pack and the ten of the ctfcli fixture
      expect(after).toEqual(before);
      const categories = async (client: TestClient) => (await client.get('/api/admin/categories')).json();
      expect(await categories(freshAdmin)).toEqual(await categories(admin));
    } finally {
      await fresh.close();
    }
  });
});

describe('Seed re-applies the built-in pack', () => {
  it('upserts by slug, keeps solves, and reports what it really added or updated', async () => {
    const player = await registerPlayer(t.app);
    const flag = (await admin.get('/api/admin/challenges/caesar-cipher')).json<AdminChallenge>().flags[0]!.derivedValue!;
    expect((await player.client.post('/api/challenges/caesar-cipher/submit', { flag })).json().status).toBe('correct');
    const score = (await player.client.get('/api/auth/session')).json().user.score as number;
    await admin.patch('/api/admin/challenges/caesar-cipher', { title: { en: 'Changed by an admin', fr: 'Changé' } });
    expect((await admin.delete('/api/admin/challenges/hash-cracking')).statusCode).toBe(200);

    const seeded = await admin.post('/api/admin/seed');
    expect(seeded.statusCode).toBe(200);
    const { report } = seeded.json();
    expect(report).toMatchObject({ created: 1, updated: 1, unchanged: PACK_CHALLENGE_COUNT - 2 });
    expect(report.challenges.filter((c: { action: string }) => c.action !== 'unchanged')).toEqual([
      expect.objectContaining({ id: 'caesar-cipher', action: 'updated' }),
      expect.objectContaining({ id: 'hash-cracking', action: 'created' }),
    ]);
    expect((await admin.get('/api/admin/challenges/caesar-cipher')).json().title.en).toBe('Caesar Cipher');
    expect((await player.client.get('/api/auth/session')).json().user).toMatchObject({
      score,
      solvedChallenges: expect.arrayContaining(['caesar-cipher']),
    });
  });
});
