import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  TEST_ADMIN,
  buildTestApp,
  loginAdmin,
  registerPlayer,
  type TestApp,
  type TestClient,
} from '../../../test/build-test-app.js';
import { cookieOf, nextEvent } from '../../../test/sse.js';

const BODY = {
  title: { en: 'Scoreboard frozen at 18:00', fr: 'Classement gelé à 18 h' },
  body: { en: 'The **last hour** is hidden.', fr: 'La **dernière heure** est masquée.' },
};

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

describe('announcements', () => {
  it('are written by admins only, and read by signed-in users only', async () => {
    const player = await registerPlayer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/announcements', payload: BODY })).statusCode).toBe(401);
    expect((await player.client.post('/api/admin/announcements', BODY)).statusCode).toBe(403);
    expect((await player.client.delete('/api/admin/announcements/1')).statusCode).toBe(403);
    expect((await player.client.get('/api/announcements')).json().announcements).toEqual([]);
  });

  it('refuses an empty English title or an overlong body with 400', async () => {
    const empty = await admin.post('/api/admin/announcements', { ...BODY, title: { en: '  ', fr: 'x' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    const long = await admin.post('/api/admin/announcements', { ...BODY, body: { en: 'x'.repeat(5001), fr: '' } });
    expect(long.statusCode).toBe(400);
  });

  it('counts what each player has not read, and never marks read ones unread again', async () => {
    const player = await registerPlayer(t.app);
    const first = await admin.post('/api/admin/announcements', BODY);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: BODY.title, body: BODY.body, author: TEST_ADMIN.username });
    const list = (await player.client.get('/api/announcements')).json();
    expect(list.unreadCount).toBe(1);
    expect(list.announcements[0]).toMatchObject({ id: first.json().id, title: BODY.title });

    expect((await player.client.post('/api/announcements/read', { upToId: first.json().id })).statusCode).toBe(200);
    expect((await player.client.get('/api/announcements')).json().unreadCount).toBe(0);

    const second = (await admin.post('/api/admin/announcements', { ...BODY, title: { en: 'Second', fr: '' } })).json();
    expect((await player.client.get('/api/announcements')).json()).toMatchObject({
      unreadCount: 1,
      announcements: [{ id: second.id, title: { en: 'Second', fr: '' } }, { id: first.json().id }],
    });
    // A late request with an older mark changes nothing.
    await player.client.post('/api/announcements/read', { upToId: 0 });
    expect((await player.client.get('/api/announcements')).json().unreadCount).toBe(1);
    // Another player's reading is their own.
    const other = await registerPlayer(t.app);
    await other.client.post('/api/announcements/read', { upToId: second.id });
    expect((await player.client.get('/api/announcements')).json().unreadCount).toBe(1);
  });

  it('pushes a new announcement live to players, title only', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const player = await registerPlayer(t.app);
    const cookie = await cookieOf(t, player.email, player.password);
    const event = (await nextEvent(baseUrl, cookie, 'announcement', () =>
      admin.post('/api/admin/announcements', BODY),
    )) as Record<string, unknown>;
    expect(event).toMatchObject({ action: 'created', title: BODY.title });
    expect(event).not.toHaveProperty('body');
  });

  it('deletes with an audit entry; a second delete is 404', async () => {
    const player = await registerPlayer(t.app);
    const created = (await admin.post('/api/admin/announcements', { ...BODY, title: { en: 'To delete', fr: '' } })).json();
    expect((await admin.delete(`/api/admin/announcements/${created.id}`)).statusCode).toBe(200);
    const again = await admin.delete(`/api/admin/announcements/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('ANNOUNCEMENT_NOT_FOUND');
    const ids = (await player.client.get('/api/announcements')).json().announcements.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(created.id);
    const audit = (await admin.get('/api/admin/audit')).json();
    const actions = audit.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['announcement.create', 'announcement.delete']));
    expect((await admin.delete('/api/admin/announcements/not-a-number')).statusCode).toBe(400);
  });
});
