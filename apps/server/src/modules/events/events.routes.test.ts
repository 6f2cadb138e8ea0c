import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDatabase } from '../../db/client.js';
import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';
import { cookieOf, nextEvent } from '../../../test/sse.js';

describe('GET /api/events', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('requires a signed-in user', async () => {
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(401);
  });

  it('streams a solve, with first blood, to a connected player', async () => {
    const watcher = await registerPlayer(t.app);
    const solver = await registerPlayer(t.app, { username: 'fast_solver' });
    const cookie = await cookieOf(t, watcher.email, watcher.password);
    const event = await nextEvent(baseUrl, cookie, 'solve', () =>
      solver.client.post('/api/challenges/xor-encryption/submit', {
        flag: deriveFlag(t.config.instanceSecret!, 'xor-encryption'),
      }),
    );
    expect(event).toMatchObject({
      userId: solver.userId,
      username: 'fast_solver',
      challengeId: 'xor-encryption',
      points: 30,
      firstBlood: true,
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('live events across two server instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let baseUrlB: string;

  beforeAll(async () => {
    a = await buildTestApp();
    const url = (a.database as { url?: string }).url!;
    b = await buildTestApp({ database: await createDatabase({ kind: 'postgres', url }) });
    baseUrlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await b.database.close();
    await a.close();
  });

  it('delivers a solve made on instance A to a client of instance B (LISTEN/NOTIFY)', async () => {
    const watcher = await registerPlayer(a.app);
    const solver = await registerPlayer(a.app);
    const cookie = await cookieOf(b, watcher.email, watcher.password);
    const event = await nextEvent(baseUrlB, cookie, 'solve', () =>
      solver.client.post('/api/challenges/caesar-cipher/submit', { flag: deriveFlag(a.config.instanceSecret!, 'caesar-cipher') }),
    );
    expect(event).toMatchObject({ userId: solver.userId, challengeId: 'caesar-cipher' });
    const board = (await b.app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie } })).json();
    expect(board.entries[0]).toMatchObject({ uid: solver.userId, score: 10 });
  });
});
