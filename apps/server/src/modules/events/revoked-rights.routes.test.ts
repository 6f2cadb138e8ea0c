import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDatabase } from '../../db/client.js';
import { buildTestApp, loginAdmin, registerPlayer, TestClient, type TestApp } from '../../../test/build-test-app.js';
import { cookieOf } from '../../../test/sse.js';
import { totpCode } from '../../../test/totp.js';
import { derivePerUserFlag } from '../challenges/flags/flag-check.js';

// Rights end at once, everywhere (docs/product.md#sessions, docs/decisions/012-accounts.md): a change of role ends the
// account's sessions; a demotion, a ban or a deletion ends its open live streams on every instance, so that no admin-only
// event reaches a stream whose holder is no longer an admin. Runs on PostgreSQL too, with two instances on one database.

let t: TestApp;
let admin: TestClient;
let baseUrl: string;
type Player = Awaited<ReturnType<typeof registerPlayer>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Incidents (an admin-only live event) come from per-user flags submitted by someone else.
  expect((await admin.put('/api/admin/settings/per-user-flags', { isBuiltInPackPerUser: true })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

/** A live-event stream over real HTTP: the events received, and whether the server ended it. */
function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const events: string[] = [];
  const waiters: { type: string; resolve: () => void }[] = [];
  let ended = false;
  const ready = fetch(`${url}/api/events`, { headers: { cookie }, signal: controller.signal });
  void ready.then(async (response) => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        for (const part of parts) {
          const type = part
            .split('\n')
            .find((l) => l.startsWith('event: '))
            ?.slice(7);
          if (type === undefined) continue;
          events.push(type);
          for (const w of waiters.filter((x) => x.type === type)) w.resolve();
        }
      }
      ended = true;
    } catch {
      // aborted by the test
    }
  });
  return {
    ready: ready.then((r) => expect(r.status).toBe(200)),
    events,
    until: (type: string) =>
      events.includes(type) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ type, resolve })),
    /** Polled, never waited for a fixed time: passes as soon as the server has ended the stream. */
    expectEnded: () => expect.poll(() => ended, { timeout: 20_000 }).toBe(true),
    close: () => controller.abort(),
  };
}
const cookieOfPlayer = (app: TestApp, player: Player) => cookieOf(app, player.email, player.password);
const statusOf = async (app: TestApp, url: string, cookie: string) =>
  (await app.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode;

/** A player made admin, signed in again since (their old sessions ended with the change). */
async function secondAdmin(): Promise<Player> {
  const player = await registerPlayer(t.app);
  expect((await admin.patch(`/api/admin/users/${player.userId}`, { rank: 'admin' })).statusCode).toBe(200);
  return player;
}

/** A shared-flag incident, told live to admins only. */
async function raiseIncident(): Promise<void> {
  const owner = await registerPlayer(t.app);
  const copier = await registerPlayer(t.app);
  const flag = derivePerUserFlag(t.config.instanceSecret!, 'hash-cracking', owner.userId);
  expect((await copier.client.post('/api/challenges/hash-cracking/submit', { flag })).json().status).toBe('incorrect');
}

describe('a change of role', () => {
  it('ends every session of the account: the old cookie gets 401, a new sign-in has the new rights', async () => {
    const player = await registerPlayer(t.app);
    const otherSession = await cookieOfPlayer(t, player);
    expect((await player.client.get('/api/challenges')).statusCode).toBe(200);

    expect((await admin.patch(`/api/admin/users/${player.userId}`, { rank: 'admin' })).statusCode).toBe(200);
    expect((await player.client.get('/api/challenges')).statusCode).toBe(401);
    expect(await statusOf(t, '/api/challenges', otherSession)).toBe(401);
    const promoted = await cookieOfPlayer(t, player);
    expect(await statusOf(t, '/api/admin/stats', promoted)).toBe(200);

    expect((await admin.patch(`/api/admin/users/${player.userId}`, { rank: 'user' })).statusCode).toBe(200);
    expect(await statusOf(t, '/api/admin/stats', promoted)).toBe(401);
    expect(await statusOf(t, '/api/challenges', promoted)).toBe(401);
    const demoted = await cookieOfPlayer(t, player);
    expect(await statusOf(t, '/api/admin/stats', demoted)).toBe(403);
  });

  it('leaves the sessions of an edit that keeps the role', async () => {
    const player = await registerPlayer(t.app);
    expect((await admin.patch(`/api/admin/users/${player.userId}`, { bio: 'Edited', rank: 'user' })).statusCode).toBe(200);
    expect((await player.client.get('/api/challenges')).statusCode).toBe(200);
  });

  it('takes admin rights from the account’s API tokens at their next request', async () => {
    const player = await secondAdmin();
    const session = new TestClient(t.app);
    expect((await session.post('/api/auth/login', { email: player.email, password: player.password })).statusCode).toBe(200);
    // An admin-scoped token needs a second factor and a current code (docs/decisions/012-accounts.md "API tokens").
    const enrolment = (await session.post('/api/auth/two-factor/enable', { password: player.password })).json<{
      secret: string;
    }>();
    expect((await session.post('/api/auth/two-factor/confirm', { code: totpCode(enrolment.secret) })).statusCode).toBe(200);
    const created = await session.post('/api/tokens', {
      name: 'ci',
      expiresInDays: 30,
      scope: 'admin',
      totpCode: totpCode(enrolment.secret, new Date(), 1),
    });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    const adminStats = () => t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer });
    expect((await adminStats()).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/users/${player.userId}`, { rank: 'user' })).statusCode).toBe(200);
    expect((await adminStats()).statusCode).toBe(403);
  });
});

describe('live streams', () => {
  it('end for a demoted admin before any admin-only event reaches them, and do not reopen', async () => {
    const demoted = await secondAdmin();
    const cookie = await cookieOfPlayer(t, demoted);
    const stream = openStream(baseUrl, cookie);
    const adminStream = openStream(baseUrl, `drapeau.session_token=${admin.sessionToken()}`);
    await Promise.all([stream.ready, adminStream.ready]);

    expect((await admin.patch(`/api/admin/users/${demoted.userId}`, { rank: 'user' })).statusCode).toBe(200);
    await stream.expectEnded();
    await raiseIncident();
    await adminStream.until('incident');
    expect(stream.events).not.toContain('incident');
    expect((await fetch(`${baseUrl}/api/events`, { headers: { cookie } })).status).toBe(401);
    adminStream.close();
  });

  it('end for a banned player, every stream they hold, and do not reopen', async () => {
    const player = await registerPlayer(t.app);
    const cookie = await cookieOfPlayer(t, player);
    const streams = [openStream(baseUrl, cookie), openStream(baseUrl, `drapeau.session_token=${player.client.sessionToken()}`)];
    await Promise.all(streams.map((s) => s.ready));
    const banned = await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: 'Flag sharing' });
    expect(banned.statusCode, banned.body).toBe(200);
    for (const stream of streams) await stream.expectEnded();
    expect((await fetch(`${baseUrl}/api/events`, { headers: { cookie } })).status).toBe(401);
  });

  it('end for a deleted player', async () => {
    const player = await registerPlayer(t.app);
    const stream = openStream(baseUrl, await cookieOfPlayer(t, player));
    await stream.ready;
    expect((await admin.delete(`/api/admin/users/${player.userId}`)).statusCode).toBe(200);
    await stream.expectEnded();
  });

  it('stay open for everyone else', async () => {
    const bystander = await registerPlayer(t.app);
    const stream = openStream(baseUrl, await cookieOfPlayer(t, bystander));
    await stream.ready;
    const other = await registerPlayer(t.app);
    expect((await admin.post(`/api/admin/users/${other.userId}/ban`, { reason: 'Spam' })).statusCode).toBe(200);
    // A later event reaches the bystander's stream: it was not ended with the other's.
    const solver = await registerPlayer(t.app);
    const flag = derivePerUserFlag(t.config.instanceSecret!, 'hash-cracking', solver.userId);
    expect((await solver.client.post('/api/challenges/hash-cracking/submit', { flag })).json().status).toBe('correct');
    await stream.until('solve');
    stream.close();
  });
});

// PostgreSQL only: the change is made on one instance, the streams are held by another (the event bus tells it).
describe.runIf(process.env.DATABASE_URL)('live streams held by another instance', () => {
  let b: TestApp;
  let baseUrlB: string;
  beforeAll(async () => {
    const url = (t.database as { url?: string }).url!;
    b = await buildTestApp({ database: await createDatabase({ kind: 'postgres', url }) });
    baseUrlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await b?.database.close();
  });

  it('end at once for a demoted admin, before an incident raised on the first instance reaches them', async () => {
    const demoted = await secondAdmin();
    const stream = openStream(baseUrlB, await cookieOfPlayer(b, demoted));
    const adminStream = openStream(baseUrlB, await cookieOf(b, 'admin@example.com', 'admin-password-1'));
    await Promise.all([stream.ready, adminStream.ready]);
    expect((await admin.patch(`/api/admin/users/${demoted.userId}`, { rank: 'user' })).statusCode).toBe(200);
    await stream.expectEnded();
    await raiseIncident();
    await adminStream.until('incident');
    expect(stream.events).not.toContain('incident');
    adminStream.close();
  });

  it('end at once for a player banned on the first instance', async () => {
    const player = await registerPlayer(t.app);
    const cookie = await cookieOfPlayer(b, player);
    const stream = openStream(baseUrlB, cookie);
    await stream.ready;
    expect((await admin.post(`/api/admin/users/${player.userId}/ban`, { reason: 'Flag sharing' })).statusCode).toBe(200);
    await stream.expectEnded();
    expect((await fetch(`${baseUrlB}/api/events`, { headers: { cookie } })).status).toBe(401);
  });
});
