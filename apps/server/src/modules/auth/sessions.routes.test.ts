import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AccountSession } from '@drapeau/shared';

import { buildTestApp, registerPlayer, TestClient, type TestApp } from '../../../test/build-test-app.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The account's sessions (docs/product.md#sessions): list, end one, end the others; only one's own. */
describe('account sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A player signed in on a first device (Firefox on Linux) and a second one (Safari on an iPhone). */
  async function playerOnTwoDevices() {
    const player = await registerPlayer(t.app);
    const phone = new TestClient(t.app);
    const signIn = await phone.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: player.email, password: player.password },
      headers: { 'user-agent': SAFARI_IPHONE },
      remoteAddress: '198.51.100.7',
    });
    expect(signIn.statusCode).toBe(200);
    return { ...player, laptop: player.client, phone };
  }
  const list = async (client: TestClient) => {
    const response = await client.get('/api/account/sessions', { 'user-agent': FIREFOX_LINUX });
    expect(response.statusCode).toBe(200);
    return response.json<AccountSession[]>();
  };
  /** A route that needs a session, and which the session memory answers once the session was read. */
  const board = (client: TestClient) => client.get('/api/leaderboard');

  it('lists where the user is signed in, this device marked, the device in words, no token', async () => {
    const { laptop, phone } = await playerOnTwoDevices();
    const fromLaptop = await list(laptop);
    expect(fromLaptop).toHaveLength(2);
    expect(fromLaptop.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = fromLaptop.find((s) => !s.current)!;
    expect(phoneSession).toMatchObject({ browser: 'Safari', os: 'iOS', ipAddress: '198.51.100.7' });
    expect(new Date(phoneSession.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // The other device sees the same two, with the other one marked.
    const fromPhone = await list(phone);
    expect(fromPhone.find((s) => s.current)!.id).toBe(phoneSession.id);
    // Neither token leaves the server, under any name.
    const body = JSON.stringify(fromLaptop);
    expect(body).not.toContain(laptop.sessionToken()!.split('.')[0]);
    expect(body).not.toContain(phone.sessionToken()!.split('.')[0]);
    expect(Object.keys(phoneSession).sort()).toEqual(
      ['browser', 'createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'lastUsedAt', 'os'].sort(),
    );
  });

  it('ends one session: that device is 401 on its next request, this one stays signed in', async () => {
    const { laptop, phone } = await playerOnTwoDevices();
    // The phone's session is remembered by the server (session memory) before it is ended.
    expect((await board(phone)).statusCode).toBe(200);
    expect((await board(phone)).statusCode).toBe(200);
    const phoneId = (await list(laptop)).find((s) => !s.current)!.id;
    const ended = await laptop.delete(`/api/account/sessions/${phoneId}`);
    expect(ended.statusCode).toBe(200);
    expect((await board(phone)).statusCode).toBe(401);
    expect((await board(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
    // Ended already: 404.
    expect((await laptop.delete(`/api/account/sessions/${phoneId}`)).json()).toMatchObject({
      error: { code: 'SESSION_NOT_FOUND' },
    });
  });

  it('ends every other session and keeps this one', async () => {
    const { laptop, phone, email, password } = await playerOnTwoDevices();
    const tablet = new TestClient(t.app);
    expect((await tablet.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    expect((await board(phone)).statusCode).toBe(200);
    expect((await board(tablet)).statusCode).toBe(200);
    const response = await laptop.post('/api/account/sessions/end-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect((await board(phone)).statusCode).toBe(401);
    expect((await board(tablet)).statusCode).toBe(401);
    expect((await board(laptop)).statusCode).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
  });

  it("never shows or ends another user's session: 404, and that session holds", async () => {
    const victim = await playerOnTwoDevices();
    const attacker = await registerPlayer(t.app);
    const victimIds = (await list(victim.laptop)).map((s) => s.id);
    expect((await list(attacker.client)).map((s) => s.id)).not.toEqual(expect.arrayContaining([victimIds[0]]));
    for (const id of victimIds) {
      const response = await attacker.client.delete(`/api/account/sessions/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'SESSION_NOT_FOUND' } });
    }
    expect((await attacker.client.post('/api/account/sessions/end-others')).json()).toEqual({ ended: 0 });
    expect((await board(victim.laptop)).statusCode).toBe(200);
    expect((await board(victim.phone)).statusCode).toBe(200);
    expect(await list(victim.laptop)).toHaveLength(2);
  });

  it('answers 401 without a session, and to an API token', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/account/sessions')).statusCode).toBe(401);
    expect((await anonymous.delete('/api/account/sessions/whatever')).statusCode).toBe(401);
    expect((await anonymous.post('/api/account/sessions/end-others')).statusCode).toBe(401);
    const player = await registerPlayer(t.app);
    const created = await player.client.post('/api/tokens', { name: 'script', expiresInDays: 1 });
    const token = created.json<{ token: string }>().token;
    const viaToken = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    // A leaked token never ends its owner's browser sessions.
    expect(viaToken.statusCode).toBe(403);
  });

  it('is in the OpenAPI document with the other account routes', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/account/sessions'))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${(op.tags ?? []).join(',')}`),
      );
    expect(operations.sort()).toEqual([
      'DELETE /api/account/sessions/{sessionId} auth',
      'GET /api/account/sessions auth',
      'POST /api/account/sessions/end-others auth',
    ]);
  });
});
