import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createClass, registerTeacher } from '../../../test/class-fixtures.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

let t: TestApp;
let admin: TestClient;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);

/** Two classes of two teachers: teacher A teaches Alice and -1.eve (a name a spreadsheet would compute); teacher B teaches Bob. */
let teacherA: Awaited<ReturnType<typeof registerTeacher>>;
let teacherB: Awaited<ReturnType<typeof registerTeacher>>;
let classA: { id: string; code: string };
let classB: { id: string; code: string };
let alice: Awaited<ReturnType<typeof registerPlayer>>;
let eve: Awaited<ReturnType<typeof registerPlayer>>;
let bob: Awaited<ReturnType<typeof registerPlayer>>;
let outsider: Awaited<ReturnType<typeof registerPlayer>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  teacherA = await registerTeacher(t.app, admin);
  teacherB = await registerTeacher(t.app, admin);
  classA = await createClass(teacherA.client, { name: 'Class A' });
  classB = await createClass(teacherB.client, { name: 'Class B' });
  alice = await registerPlayer(t.app);
  eve = await registerPlayer(t.app, { username: '-1.eve' });
  bob = await registerPlayer(t.app);
  outsider = await registerPlayer(t.app);
  for (const [student, code] of [
    [alice, classA.code],
    [eve, classA.code],
    [bob, classB.code],
  ] as const) {
    expect((await student.client.post('/api/classes/join', { code })).statusCode).toBe(200);
  }
  await alice.client.post('/api/challenges/dom-manipulation/submit', { flag: 'FLAG{wrong}' });
  const detail = (await alice.client.get('/api/challenges/dom-manipulation')).json<{ hints: { id: number }[] }>();
  await alice.client.post(`/api/challenges/dom-manipulation/hints/${detail.hints[0]!.id}/open`, {});
  await alice.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
  await bob.client.post('/api/challenges/hidden-http-headers/submit', { flag: flagOf('hidden-http-headers') });
});
afterAll(async () => {
  await t.close();
});

describe('the class leaderboard', () => {
  it('ranks the class students by the main rule, for its students, its teacher and admins', async () => {
    for (const viewer of [alice.client, eve.client, teacherA.client, admin]) {
      const board = await viewer.get(`/api/classes/${classA.id}/leaderboard`);
      expect(board.statusCode).toBe(200);
      expect(board.json().entries.map((e: { username: string; position: number }) => [e.position, e.username])).toEqual([
        [1, alice.username],
        [2, eve.username],
      ]);
      expect(JSON.stringify(board.json())).not.toMatch(/@example\.com|FLAG\{/);
    }
  });

  it('is not found for a student of another class, a teacher of another class and a player in none', async () => {
    for (const stranger of [bob.client, teacherB.client, outsider.client]) {
      const board = await stranger.get(`/api/classes/${classA.id}/leaderboard`);
      expect(board.statusCode).toBe(404);
      expect(board.json().error.code).toBe('CLASS_NOT_FOUND');
    }
  });
});

describe("the teacher's matrix", () => {
  it('shows when each student solved what, hints opened and wrong flags, without emails or flags', async () => {
    const progress = (await teacherA.client.get(`/api/classes/${classA.id}/progress`)).json();
    expect(progress.students.map((s: { username: string }) => s.username).sort()).toEqual([alice.username, eve.username].sort());
    const aliceRow = progress.students.find((s: { uid: string }) => s.uid === alice.userId);
    expect(aliceRow.cells['dom-manipulation']).toMatchObject({ hintsOpened: 1, wrongAttempts: 1 });
    expect(aliceRow.cells['dom-manipulation'].solvedAt).toEqual(expect.any(String));
    expect(progress.challenges.map((c: { id: string }) => c.id)).toContain('dom-manipulation');
    const body = JSON.stringify(progress);
    expect(body).not.toMatch(/@example\.com|FLAG\{/);
    // Bob is in another class: not in this matrix.
    expect(body).not.toContain(bob.username);
  });

  it('exports it as CSV with formulas neutralised and quoting where needed', async () => {
    const csv = await teacherA.client.get(`/api/classes/${classA.id}/progress.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('student,score,challenge,title,category,solved_at,hints_opened,wrong_attempts');
    const aliceLine = lines.find((l) => l.startsWith(`${alice.username},`) && l.includes(',dom-manipulation,'));
    expect(aliceLine).toMatch(/,\d{4}-\d\d-\d\dT[^,]+,1,1$/);
    // A name a spreadsheet would run as a formula is written as text.
    expect(lines.some((l) => l.startsWith("'-1.eve,"))).toBe(true);
    expect(lines.some((l) => l.startsWith('-1.eve'))).toBe(false);
    expect(csv.body).not.toMatch(/@example\.com|FLAG\{/);
  });

  it('is for its teacher and admins only', async () => {
    expect((await admin.get(`/api/classes/${classA.id}/progress`)).statusCode).toBe(200);
    expect((await teacherB.client.get(`/api/classes/${classA.id}/progress`)).json().error.code).toBe('CLASS_NOT_FOUND');
    expect((await teacherB.client.get(`/api/classes/${classA.id}/progress.csv`)).statusCode).toBe(404);
    expect((await alice.client.get(`/api/classes/${classA.id}/progress`)).statusCode).toBe(403);
    // Each teacher lists their own classes; admins list all.
    expect((await teacherA.client.get('/api/classes')).json().classes.map((c: { id: string }) => c.id)).toEqual([classA.id]);
    const all = (await admin.get('/api/classes')).json().classes.map((c: { id: string }) => c.id);
    expect(all).toEqual(expect.arrayContaining([classA.id, classB.id]));
  });
});

describe('assignments', () => {
  it('are set by the teacher and shown to each student with their own progress and the due date', async () => {
    const body = { title: 'Week 1', dueAt: '2026-02-01T18:00:00Z', challengeIds: ['dom-manipulation', 'hidden-http-headers'] };
    expect((await teacherA.client.post(`/api/classes/${classA.id}/assignments`, body)).statusCode).toBe(201);
    const mine = (await alice.client.get('/api/classes/mine')).json();
    expect(mine.assignments).toHaveLength(1);
    expect(mine.assignments[0]).toMatchObject({ title: 'Week 1', dueAt: '2026-02-01T18:00:00.000Z' });
    expect(mine.assignments[0].challenges.map((c: { id: string; isDone: boolean }) => [c.id, c.isDone])).toEqual([
      ['dom-manipulation', true],
      ['hidden-http-headers', false],
    ]);
    // Bob's class has none.
    expect((await bob.client.get('/api/classes/mine')).json().assignments).toEqual([]);

    const unknown = await teacherA.client.post(`/api/classes/${classA.id}/assignments`, { ...body, challengeIds: ['no-such'] });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'CHALLENGE_NOT_FOUND']);
    const twice = await teacherA.client.post(`/api/classes/${classA.id}/assignments`, { ...body, challengeIds: ['a', 'a'] });
    expect(twice.statusCode).toBe(400);
    const foreign = await teacherB.client.post(`/api/classes/${classA.id}/assignments`, body);
    expect(foreign.json().error.code).toBe('CLASS_NOT_FOUND');

    const id = (await teacherA.client.get(`/api/classes/${classA.id}/progress`)).json().assignments[0].id as string;
    expect((await teacherB.client.delete(`/api/classes/${classA.id}/assignments/${id}`)).statusCode).toBe(404);
    expect((await teacherA.client.delete(`/api/classes/${classA.id}/assignments/${id}`)).statusCode).toBe(200);
    expect((await alice.client.get('/api/classes/mine')).json().assignments).toEqual([]);
  });
});

describe('every /api/classes route', () => {
  it("gives nobody another class's data: anonymous, players, students and teachers of another class", async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/classes/{id}'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => methods.has(method))
          .map((method) => ({
            method: method.toUpperCase() as 'GET',
            url: path
              .replace('{id}', classA.id)
              .replace('{userId}', alice.userId)
              .replace('{assignmentId}', '00000000-0000-4000-8000-000000000000'),
          })),
      );
    expect(operations.map((o) => `${o.method} ${o.url.replace(classA.id, ':id')}`)).toEqual(
      expect.arrayContaining([
        'GET /api/classes/:id/leaderboard',
        'PATCH /api/classes/:id',
        'DELETE /api/classes/:id',
        'POST /api/classes/:id/code',
        `DELETE /api/classes/:id/members/${alice.userId}`,
        'GET /api/classes/:id/progress',
        'GET /api/classes/:id/progress.csv',
        'POST /api/classes/:id/assignments',
        'DELETE /api/classes/:id/assignments/00000000-0000-4000-8000-000000000000',
      ]),
    );
    const body = {
      name: 'Taken over',
      isArchived: true,
      title: 'x',
      dueAt: '2026-02-01T18:00:00Z',
      challengeIds: ['dom-manipulation'],
    };
    for (const { method, url } of operations) {
      const payload = method === 'GET' || method === 'DELETE' ? {} : { payload: body };
      expect((await t.app.inject({ method, url, ...payload })).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const [who, client] of [
        ['a student of another class', bob.client],
        ['a teacher of another class', teacherB.client],
        ['a player in no class', outsider.client],
      ] as const) {
        const answer = await client.request({ method, url, ...payload });
        expect([403, 404], `${method} ${url} as ${who}`).toContain(answer.statusCode);
        expect(answer.body).not.toContain(classA.code);
        expect(answer.body).not.toContain(alice.username);
      }
    }
    // Nothing changed: the class, its code, its members.
    const [klass] = (await teacherA.client.get('/api/classes')).json().classes;
    expect(klass).toMatchObject({ id: classA.id, name: 'Class A', code: classA.code, memberCount: 2, isArchived: false });
    // The class's own students see its board, never its code or the teacher tools.
    expect((await alice.client.get('/api/classes/mine')).body).not.toContain(classA.code);
    expect((await alice.client.get(`/api/classes/${classA.id}/progress.csv`)).statusCode).toBe(403);
  });

  it('lets a teacher remove a student of their class only', async () => {
    expect((await teacherB.client.delete(`/api/classes/${classA.id}/members/${eve.userId}`)).statusCode).toBe(404);
    expect((await teacherA.client.delete(`/api/classes/${classA.id}/members/${bob.userId}`)).json().error.code).toBe(
      'USER_NOT_FOUND',
    );
    expect((await teacherA.client.delete(`/api/classes/${classA.id}/members/${eve.userId}`)).statusCode).toBe(200);
    expect((await eve.client.get('/api/classes/mine')).json().class).toBeNull();
  });
});
