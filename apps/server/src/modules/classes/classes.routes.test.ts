import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLASS_CODE_ALPHABET } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { createClass, registerTeacher } from '../../../test/class-fixtures.js';
import { createManualClock } from '../../../test/manual-clock.js';

let t: TestApp;
let admin: TestClient;
const clock = createManualClock(new Date('2026-03-02T08:00:00Z'));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('the teacher role', () => {
  it('is granted and taken back by admins, and only teachers and admins may run classes', async () => {
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/classes')).statusCode).toBe(403);
    expect((await player.client.post('/api/classes', { name: 'Mine' })).json().error.code).toBe('FORBIDDEN');
    // A player cannot make themselves a teacher.
    expect((await player.client.patch(`/api/admin/users/${player.userId}`, { rank: 'teacher' })).statusCode).toBe(403);

    const teacher = await registerTeacher(t.app, admin);
    expect((await teacher.client.get('/api/auth/session')).json().user.rank).toBe('teacher');
    expect((await teacher.client.get('/api/classes')).json()).toEqual({ classes: [] });
    // A teacher is no admin.
    expect((await teacher.client.get('/api/admin/users')).statusCode).toBe(403);

    expect((await admin.patch(`/api/admin/users/${teacher.userId}`, { rank: 'user' })).json().rank).toBe('user');
    // Taken back, the role gives nothing any more.
    expect([401, 403]).toContain((await teacher.client.get('/api/classes')).statusCode);
  });

  it('answers 401 to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/classes'],
      ['GET', '/api/classes/mine'],
      ['POST', '/api/classes/join'],
      ['POST', '/api/classes/preview'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('creating and running a class', () => {
  it('gives an unguessable code, renames, regenerates the code, archives and deletes', async () => {
    const teacher = await registerTeacher(t.app, admin);
    const created = await teacher.client.post('/api/classes', { name: '  Terminale NSI  ' });
    expect(created.statusCode).toBe(201);
    const klass = created.json();
    expect(klass).toMatchObject({ name: 'Terminale NSI', teacher: teacher.username, memberCount: 0, isArchived: false });
    expect(klass.code).toMatch(new RegExp(`^[${CLASS_CODE_ALPHABET}]{10}$`));
    const other = await createClass(teacher.client, { name: 'Other' });
    expect(other.code).not.toBe(klass.code);

    const renamed = await teacher.client.patch(`/api/classes/${klass.id}`, { name: '1re NSI' });
    expect(renamed.json()).toMatchObject({ name: '1re NSI', code: klass.code });
    const regenerated = (await teacher.client.post(`/api/classes/${klass.id}/code`)).json();
    expect(regenerated.code).not.toBe(klass.code);
    // The old code no longer lets anyone in.
    const student = await registerPlayer(t.app);
    expect((await student.client.post('/api/classes/join', { code: klass.code })).json().error.code).toBe('CLASS_CODE_INVALID');

    expect((await teacher.client.patch(`/api/classes/${klass.id}`, { isArchived: true })).json().isArchived).toBe(true);
    expect((await student.client.post('/api/classes/join', { code: regenerated.code })).json().error.code).toBe('CLASS_ENDED');

    expect((await teacher.client.delete(`/api/classes/${klass.id}`)).statusCode).toBe(200);
    expect((await teacher.client.get('/api/classes')).json().classes.map((c: { id: string }) => c.id)).toEqual([other.id]);
  });

  it('refuses bad input with 400', async () => {
    const teacher = await registerTeacher(t.app, admin);
    expect((await teacher.client.post('/api/classes', { name: '' })).statusCode).toBe(400);
    expect((await teacher.client.post('/api/classes', { name: 'x'.repeat(81) })).statusCode).toBe(400);
    const reversed = await teacher.client.post('/api/classes', {
      name: 'Reversed',
      startsAt: '2026-04-01T00:00:00Z',
      endsAt: '2026-03-01T00:00:00Z',
    });
    expect(reversed.json().error.code).toBe('VALIDATION_FAILED');
    const { id } = await createClass(teacher.client, { name: 'Dated', endsAt: '2026-03-10T00:00:00Z' });
    expect((await teacher.client.patch(`/api/classes/${id}`, { startsAt: '2026-03-20T00:00:00Z' })).json().error.code).toBe(
      'INVALID_SCHEDULE',
    );
    expect((await teacher.client.patch('/api/classes/not-a-uuid', { name: 'x' })).statusCode).toBe(400);
  });
});

describe('joining a class', () => {
  it('lets a student in with the code however it is typed, once, and in one class at a time', async () => {
    const teacher = await registerTeacher(t.app, admin);
    const klass = await createClass(teacher.client, { name: 'Seconde 4' });
    const student = await registerPlayer(t.app);
    const typed = `${klass.code.slice(0, 5).toLowerCase()} - ${klass.code.slice(5)}`;
    const joined = await student.client.post('/api/classes/join', { code: typed });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().class).toEqual({
      id: klass.id,
      name: 'Seconde 4',
      teacher: teacher.username,
      startsAt: null,
      endsAt: null,
    });
    expect(joined.json().class).not.toHaveProperty('code');

    const again = await student.client.post('/api/classes/join', { code: klass.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CLASS_ALREADY_MEMBER');
    const second = await createClass(teacher.client, { name: 'Seconde 5' });
    expect((await student.client.post('/api/classes/join', { code: second.code })).json().error.code).toBe(
      'CLASS_MEMBER_ELSEWHERE',
    );

    expect((await student.client.delete('/api/classes/mine')).statusCode).toBe(200);
    expect((await student.client.get('/api/classes/mine')).json()).toEqual({ class: null, assignments: [] });
    expect((await student.client.delete('/api/classes/mine')).json().error.code).toBe('NOT_IN_A_CLASS');
    expect((await student.client.post('/api/classes/join', { code: second.code })).statusCode).toBe(200);
  });

  it('joins a student to one class only when two joins race', async () => {
    const teacher = await registerTeacher(t.app, admin);
    const a = await createClass(teacher.client, { name: 'Race A' });
    const b = await createClass(teacher.client, { name: 'Race B' });
    const student = await registerPlayer(t.app);
    const answers = await Promise.all([
      student.client.post('/api/classes/join', { code: a.code }),
      student.client.post('/api/classes/join', { code: b.code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a wrong code, a class not open yet and one that has ended, clearly', async () => {
    const teacher = await registerTeacher(t.app, admin);
    const later = await createClass(teacher.client, { name: 'Later', startsAt: '2026-03-09T08:00:00Z' });
    const past = await createClass(teacher.client, { name: 'Past', endsAt: '2026-03-01T08:00:00Z' });
    const student = await registerPlayer(t.app);
    const wrong = await student.client.post('/api/classes/join', { code: 'ABCDEFGHJK' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([404, 'CLASS_CODE_INVALID']);
    const early = await student.client.post('/api/classes/join', { code: later.code });
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'CLASS_NOT_OPEN']);
    const ended = await student.client.post('/api/classes/join', { code: past.code });
    expect([ended.statusCode, ended.json().error.code]).toEqual([409, 'CLASS_ENDED']);
    expect((await student.client.post('/api/classes/join', { code: '' })).statusCode).toBe(400);
    expect((await student.client.post('/api/classes/join', {})).statusCode).toBe(400);
  });

  it('limits the codes a player may try: 10 per 10 minutes, right or wrong', async () => {
    const teacher = await registerTeacher(t.app, admin);
    const klass = await createClass(teacher.client);
    const guesser = await registerPlayer(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await guesser.client.post('/api/classes/join', { code: `WRONG${i}` })).statusCode).toBe(404);
    }
    const limited = await guesser.client.post('/api/classes/join', { code: klass.code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    clock.advance(10 * 60_000);
    expect((await guesser.client.post('/api/classes/join', { code: klass.code })).statusCode).toBe(200);
  });

  it('names the class a code opens before joining, without its code or students, within the same limit as joins', async () => {
    const teacher = await registerTeacher(t.app, admin);
    const klass = await createClass(teacher.client, { name: 'Seconde 4' });
    const reader = await registerPlayer(t.app);
    const typed = `${klass.code.slice(0, 5).toLowerCase()} ${klass.code.slice(5)}`;
    const preview = await reader.client.post('/api/classes/preview', { code: typed });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ name: 'Seconde 4', teacher: teacher.username });
    // Naming classes is no way around the join limit: the preview above and these count together.
    for (let i = 0; i < 9; i += 1) {
      const wrong = await reader.client.post('/api/classes/preview', { code: `WRONG${i}` });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().error.code).toBe('CLASS_CODE_INVALID');
    }
    expect((await reader.client.post('/api/classes/preview', { code: klass.code })).statusCode).toBe(429);
    expect((await reader.client.post('/api/classes/join', { code: klass.code })).statusCode).toBe(429);
    // Not a member: previewing joins nothing.
    expect((await reader.client.get('/api/classes/mine')).json().class).toBeNull();
    expect((await reader.client.post('/api/classes/preview', { code: '' })).statusCode).toBe(400);
  });
});
