import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDatabase } from '../../db/client.js';
import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { deriveFlag } from '../challenges/flags.js';

/** Opens the SSE stream over real HTTP and resolves with the first event of `type`. */
async function nextEvent(baseUrl: string, cookie: string, type: string, trigger: () => Promise<unknown>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const read = async (): Promise<unknown> => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
      const frames = buffer.split('\n\n');
      buffer = frames.pop() ?? '';
      for (const frame of frames) {
        const lines = frame.split('\n');
        if (lines.includes(`event: ${type}`)) {
          const data = lines.find((l) => l.startsWith('data: '));
          return JSON.parse(data!.slice(6));
        }
      }
    }
  };
  // The stream is registered before its headers are sent: once the 200 is here, the event cannot be missed.
  const pending = read();
  await trigger();
  // Generous: the event comes as soon as the trigger has run; the bound only ends a broken test.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no event within 60 s')), 60_000);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

const cookieOf = async (t: TestApp, email: string, password: string) => {
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return `drapeau.session_token=${login.cookies[0]!.value}`;
};

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
