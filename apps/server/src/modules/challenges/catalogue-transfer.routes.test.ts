import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallenge } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { CTFCLI_FIXTURE_DIR, filesOf, fixtureZip, zipOf } from '../../../test/ctfcli-fixture.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

const importZip = (client: TestClient, data: Buffer, createCategories = false) =>
  client.request({
    method: 'POST',
    url: `/api/admin/challenges/import${createCategories ? '?createCategories=true' : ''}`,
    payload: data,
    headers: { 'content-type': 'application/zip', origin: 'http://localhost:3000' },
  });
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
    expect(ret2win.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^connection_info/)]));

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
      expect(before.length).toBe(30);
      expect(after).toEqual(before);
      const categories = async (client: TestClient) => (await client.get('/api/admin/categories')).json();
      expect(await categories(freshAdmin)).toEqual(await categories(admin));
    } finally {
      await fresh.close();
    }
  });
});

describe('bad input: refused as a whole, naming file, line and field; nothing written', () => {
  const GOOD = { 'good/challenge.yml': 'name: Good One\ncategory: web-server\nvalue: 10\nflags:\n  - CTF{good}\n' };
  const refuse = async (files: Record<string, string>, expected: Record<string, unknown>) => {
    // The first problem is the one the input was written to show; YAML errors may add a second one further down.
    const response = await importZip(admin, await zipOf({ ...GOOD, ...files }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'IMPORT_INVALID' });
    expect(response.json().error.problems[0]).toMatchObject(expected);
    expect((await admin.get('/api/admin/challenges/good-one')).statusCode).toBe(404);
  };

  it('invalid YAML, with its line', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\n  value: [10\n' },
      { code: 'INVALID_YAML', file: 'bad/challenge.yml', line: 5 },
    ));
  it('a field of the wrong type', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nvalue: lots\nflags:\n  - CTF{x}\n' },
      { code: 'INVALID_FIELD', file: 'bad/challenge.yml', line: 3, field: 'value' },
    ));
  it('an unknown category', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\nvalue: 10\ncategory: Quantum\nflags:\n  - CTF{x}\n' },
      { code: 'UNKNOWN_CATEGORY', file: 'bad/challenge.yml', line: 3, field: 'category' },
    ));
  it('an unknown level', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\ndrapeau:\n  level: extreme\n' },
      { code: 'UNKNOWN_LEVEL', file: 'bad/challenge.yml', line: 6, field: 'drapeau.level' },
    ));
  it('a missing flag', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nvalue: 10\n' },
      { code: 'MISSING_FLAG', file: 'bad/challenge.yml', field: 'flags' },
    ));
  it('a file that is not in the folder', () =>
    refuse(
      {
        'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\nfiles:\n  - dist/a.txt\n  - gone.bin\n',
        'bad/dist/a.txt': 'here',
      },
      { code: 'MISSING_FILE', file: 'bad/challenge.yml', line: 7, field: 'files.1' },
    ));
  it('a file outside the folder', () =>
    refuse(
      {
        'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\nfiles:\n  - ../good/challenge.yml\n',
      },
      { code: 'UNSAFE_PATH', file: 'bad/challenge.yml', line: 6, field: 'files.0' },
    ));
  it('a requirement that names no challenge', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - CTF{x}\nrequirements:\n  - Good One\n  - Nobody\n' },
      { code: 'UNKNOWN_REQUIREMENT', file: 'bad/challenge.yml', line: 7, field: 'requirements.1' },
    ));
  it('a cycle of requirements', () =>
    refuse(
      {
        'a/challenge.yml': 'name: Alpha\ncategory: web-server\nflags:\n  - CTF{a}\nrequirements: [Beta]\n',
        'b/challenge.yml': 'name: Beta\ncategory: web-server\nflags:\n  - CTF{b}\nrequirements: [Good One, Alpha]\n',
      },
      {
        code: 'REQUIREMENT_CYCLE',
        file: 'a/challenge.yml',
        line: 5,
        field: 'requirements',
        message: expect.stringContaining('alpha → beta → alpha'),
      },
    ));
  it('an unsafe regex flag, with the reason', () =>
    refuse(
      { 'bad/challenge.yml': 'name: Bad\ncategory: web-server\nflags:\n  - {type: regex, content: "(a)\\\\1"}\n' },
      { code: 'INVALID_FLAG_PATTERN', file: 'bad/challenge.yml', line: 4, field: 'flags.0' },
    ));
});

describe('imports are bounded and stay inside their folder', () => {
  /** yazl refuses to write unsafe names: write a same-length name, then patch it in the archive's bytes. */
  const zipWithName = async (placeholder: string, name: string) => {
    const zip = await zipOf({ ...{ [placeholder]: 'name: X\ncategory: web-server\nflags: [CTF{x}]\n' } });
    return Buffer.from(zip.toString('latin1').split(placeholder).join(name), 'latin1');
  };
  const problemOf = async (data: Buffer) => {
    const response = await importZip(admin, data);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().error.problems[0];
  };

  it('refuses a path that climbs out of the archive ("zip slip"), an absolute path and a symbolic link', async () => {
    expect(await problemOf(await zipWithName('xx/x/challenge.yml', '../x/challenge.yml'))).toMatchObject({
      code: 'UNSAFE_PATH',
      file: '../x/challenge.yml',
    });
    expect(await problemOf(await zipWithName('xetc/challenge.yml', '/etc/challenge.yml'))).toMatchObject({
      code: 'UNSAFE_PATH',
    });
    const link = await zipOf(
      { 'a/challenge.yml': 'name: Linked\ncategory: web-server\nflags: [CTF{x}]\nfiles: [secret]\n' },
      { 'a/secret': '/etc/passwd' },
    );
    expect(await problemOf(link)).toMatchObject({ code: 'UNSAFE_PATH', file: 'a/secret' });
    expect((await admin.get('/api/admin/challenges/linked')).statusCode).toBe(404);
  });

  it('refuses YAML aliases that expand without bound ("billion laughs")', async () => {
    const lines = [
      'name: Laughs',
      'category: web-server',
      'flags: [CTF{x}]',
      'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ];
    const names = 'abcdefghi';
    for (let i = 1; i < names.length; i++)
      lines.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(', ')}]`,
      );
    const yaml = `${lines.join('\n')}\ntags: *i\n`;
    const problem = await problemOf(await zipOf({ 'l/challenge.yml': yaml }));
    expect(problem).toMatchObject({ code: 'INVALID_YAML', file: 'l/challenge.yml' });
  });

  it('refuses an archive with too many files', async () => {
    const many: Record<string, string> = { 'a/challenge.yml': 'name: Many\ncategory: web-server\nflags: [CTF{x}]\n' };
    for (let i = 0; i < 5_000; i++) many[`a/f${i}`] = '';
    expect(await problemOf(await zipOf(many))).toMatchObject({ code: 'TOO_MANY_FILES' });
  });

  it('refuses what is not a zip', async () => {
    expect(await problemOf(Buffer.from('name: not a zip\n'))).toMatchObject({ code: 'NOT_A_ZIP' });
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
    expect(report).toMatchObject({ created: 1, updated: 1, unchanged: 18 });
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
