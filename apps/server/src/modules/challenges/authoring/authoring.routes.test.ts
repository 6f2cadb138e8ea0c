import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { importZip } from '../../../../test/ctfcli-fixture.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

const BODY = {
  title: { en: 'Robots', fr: 'Robots' },
  description: { en: 'Read **robots.txt**.', fr: 'Lisez **robots.txt**.' },
  category: 'web-server',
  level: 'easy',
  scoring: { type: 'static', points: 100 },
  hints: [
    { content: { en: 'Free hint', fr: 'Indice gratuit' }, cost: 0 },
    { content: { en: 'Costly hint', fr: 'Indice payant' }, cost: 30 },
  ],
  flags: [{ kind: 'static', matcher: 'regex', content: 'CTF\\{rob[o0]ts_[0-9]+\\}' }],
};

function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('admin challenge authoring', () => {
  it('is admin-only: 401 signed out, 403 for a player', async () => {
    const player = await registerPlayer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/challenges' })).statusCode).toBe(401);
    expect((await player.client.get('/api/admin/challenges')).statusCode).toBe(403);
    expect((await player.client.post('/api/admin/challenges', BODY)).statusCode).toBe(403);
  });

  it('creates a challenge with a regex flag and a costly hint; the player never sees the flag and pays for the hint', async () => {
    const created = await admin.post('/api/admin/challenges', BODY);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: 'robots', hasFrench: true, flags: [{ matcher: 'regex' }] });

    const player = await registerPlayer(t.app);
    const detail = await player.client.get('/api/challenges/robots');
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('rob[o0]ts');
    const hints = detail.json().hints as { id: number; cost: number; content: unknown }[];
    expect(hints.map((h) => [h.cost, h.content === null])).toEqual([
      [0, false],
      [30, true],
    ]);
    const opened = await player.client.post(`/api/challenges/robots/hints/${hints[1]!.id}/open`);
    expect(opened.json()).toMatchObject({ hint: { isOpened: true, content: { fr: 'Indice payant' } }, pointsIfSolved: 70 });

    const solved = await player.client.post('/api/challenges/robots/submit', { flag: 'CTF{rob0ts_42}' });
    expect(solved.json()).toMatchObject({ status: 'correct', points: 70, score: 70 });
    const wrong = await player.client.post('/api/challenges/robots/submit', { flag: 'xCTF{robots_42}' });
    expect(wrong.json().status).toBe('already_solved');
  });

  it('refuses an unsafe regex, an unknown category and a prerequisite cycle, naming why', async () => {
    const backref = await admin.post('/api/admin/challenges', {
      ...BODY,
      id: 'bad-regex',
      flags: [{ kind: 'static', matcher: 'regex', content: '(a)\\1' }],
    });
    expect(backref.statusCode).toBe(400);
    expect(backref.json().error).toMatchObject({ code: 'INVALID_FLAG_PATTERN' });
    const category = await admin.post('/api/admin/challenges', { ...BODY, id: 'bad-cat', category: 'nope' });
    expect(category.json().error.code).toBe('CATEGORY_NOT_FOUND');
    await admin.post('/api/admin/challenges', { ...BODY, id: 'cycle-a' });
    await admin.post('/api/admin/challenges', { ...BODY, id: 'cycle-b', prerequisites: ['cycle-a'] });
    const cycle = await admin.patch('/api/admin/challenges/cycle-a', { prerequisites: ['cycle-b'] });
    expect(cycle.json().error.code).toBe('REQUIREMENT_CYCLE');
  });

  it('locks a challenge until its prerequisite is solved, and hides hidden ones', async () => {
    await admin.post('/api/admin/challenges', {
      ...BODY,
      id: 'step-one',
      flags: [{ kind: 'static', matcher: 'exact', content: 'CTF{one}' }],
    });
    await admin.post('/api/admin/challenges', { ...BODY, id: 'step-two', prerequisites: ['step-one'] });
    await admin.post('/api/admin/challenges', { ...BODY, id: 'secret-one', state: 'hidden' });
    const player = await registerPlayer(t.app);
    const locked = (await player.client.get('/api/challenges/step-two')).json();
    expect(locked).toMatchObject({ isLocked: true, lockedBy: [{ id: 'step-one' }], hints: [], description: { en: '' } });
    expect((await player.client.post('/api/challenges/step-two/submit', { flag: 'CTF{robots_1}' })).statusCode).toBe(403);
    await player.client.post('/api/challenges/step-one/submit', { flag: 'CTF{one}' });
    expect((await player.client.get('/api/challenges/step-two')).json().isLocked).toBe(false);
    expect((await player.client.get('/api/challenges/secret-one')).statusCode).toBe(404);
    const list = (await player.client.get('/api/challenges')).json().challenges as { id: string }[];
    expect(list.some((c) => c.id === 'secret-one')).toBe(false);
  });

  it('deletes a challenge with its solves and lowers the solvers’ scores in the same transaction', async () => {
    await admin.post('/api/admin/challenges', {
      ...BODY,
      id: 'to-delete',
      flags: [{ kind: 'static', matcher: 'case-insensitive', content: 'CTF{Gone}' }],
    });
    const player = await registerPlayer(t.app);
    expect((await player.client.post('/api/challenges/to-delete/submit', { flag: 'ctf{gone}' })).json().score).toBe(100);
    const removed = await admin.delete('/api/admin/challenges/to-delete');
    expect(removed.json()).toEqual({ deletedSolves: 1, affectedPlayers: 1 });
    expect((await player.client.get('/api/auth/session')).json().user.score).toBe(0);
  });
});

describe('import', () => {
  it('imports ctfcli folders in one transaction and reports per challenge; a second import changes nothing', async () => {
    const zip = await zipOf({
      'warmup/challenge.yml':
        'name: Warmup\ncategory: Forensics\ndescription: hi\nvalue: 50\nflags:\n  - CTF{warm}\nfiles:\n  - dist/a.txt\n',
      'warmup/dist/a.txt': 'hello',
      'next/challenge.yml':
        'name: Next Step\ncategory: forensics\nvalue: 100\ntype: dynamic\nextra: {initial: 100, decay: 10, minimum: 50}\nflags:\n  - {type: regex, content: "ctf\\\\{n.*\\\\}", data: case_insensitive}\nrequirements:\n  - Warmup\nhints:\n  - {content: "pay", cost: 5}\n  - free\n',
    });
    const first = await importZip(admin, zip);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, updated: 0 });
    const again = await importZip(admin, zip);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const next = (await admin.get('/api/admin/challenges/next-step')).json();
    expect(next).toMatchObject({
      prerequisites: ['warmup'],
      scoring: { type: 'dynamic', initial: 100 },
      flags: [{ matcher: 'regex', content: '(?i)ctf\\{n.*\\}' }],
    });
  });

  it('refuses bad input as a whole, naming file, line and field; writes nothing', async () => {
    const zip = await zipOf({
      'a/challenge.yml': 'name: Broken A\ncategory: web-server\nvalue: 10\nflags:\n  - CTF{a}\nfiles:\n  - missing.bin\n',
      'b/challenge.yml': 'name: Broken B\ncategory: nowhere\nvalue: 10\nflags:\n  - CTF{b}\n',
      'c/challenge.yml': 'name: Broken C\ncategory: web-server\nvalue: 10\nflags:\n  - CTF{c}\nrequirements: [Nobody]\n',
    });
    const response = await importZip(admin, zip);
    expect(response.statusCode).toBe(400);
    const problems = response.json().error.problems as { code: string; file: string; line: number | null; field: string }[];
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'MISSING_FILE', file: 'a/challenge.yml', line: 7, field: 'files.0' }),
        expect.objectContaining({ code: 'UNKNOWN_CATEGORY', file: 'b/challenge.yml', line: 2, field: 'category' }),
        expect.objectContaining({ code: 'UNKNOWN_REQUIREMENT', file: 'c/challenge.yml', field: 'requirements.0' }),
      ]),
    );
    expect((await admin.get('/api/admin/challenges/broken-a')).statusCode).toBe(404);
  });
});
