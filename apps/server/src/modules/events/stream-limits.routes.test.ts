import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_USER } from './stream-limits.js';

/** Issue #17.3: one session used to open 9,000 live streams, and each rename of a burst was sent to every one. */
let t: TestApp;
let baseUrl: string;
const controllers: AbortController[] = [];

beforeAll(async () => {
  // Each test comes from its own address (X-Forwarded-For), so that streams still closing do not count for the next.
  t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of controllers) c.abort();
  await t.close();
});

const cookieOf = async (email: string, password: string) => {
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return `drapeau.session_token=${login.cookies[0]!.value}`;
};
const openStream = async (cookie: string, address: string) => {
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, 'x-forwarded-for': address },
    signal: controller.signal,
  });
  return { response, controller };
};

describe('live streams', () => {
  it(`accepts ${MAX_STREAMS_PER_USER} streams per player, refuses more with 429, and frees a place when one closes`, async () => {
    const player = await registerPlayer(t.app);
    const cookie = await cookieOf(player.email, player.password);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) open.push(await openStream(cookie, '198.51.100.1'));
    expect(open.map((s) => s.response.status)).toEqual(Array<number>(MAX_STREAMS_PER_USER).fill(200));
    const refused = await openStream(cookie, '198.51.100.1');
    expect(refused.response.status).toBe(429);
    expect(((await refused.response.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    open[0]!.controller.abort();
    // The server sees the close a moment later: bounded retries, no fixed wait.
    let status = 0;
    for (let attempt = 0; attempt < 2000 && status !== 200; attempt += 1) {
      const again = await openStream(cookie, '198.51.100.1');
      status = again.response.status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(200);
    for (const s of open) s.controller.abort();
  });

  it(`refuses more than ${MAX_STREAMS_PER_ADDRESS} streams from one address`, async () => {
    const players = await Promise.all(
      Array.from({ length: Math.ceil(MAX_STREAMS_PER_ADDRESS / MAX_STREAMS_PER_USER) + 1 }, () => registerPlayer(t.app)),
    );
    const cookies = await Promise.all(players.map((p) => cookieOf(p.email, p.password)));
    const statuses = [];
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS + 1; i += 1) {
      statuses.push((await openStream(cookies[Math.floor(i / MAX_STREAMS_PER_USER)]!, '198.51.100.2')).response.status);
    }
    expect(statuses).toEqual([...Array<number>(MAX_STREAMS_PER_ADDRESS).fill(200), 429]);
    for (const c of controllers) c.abort();
  });

  it('sends a burst of renames as a few leaderboard frames, not one per rename', async () => {
    const renamers = await Promise.all(Array.from({ length: 12 }, () => registerPlayer(t.app)));
    const watcher = await registerPlayer(t.app);
    const { response } = await openStream(await cookieOf(watcher.email, watcher.password), '198.51.100.3');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const startedAt = performance.now();
    const renames = await Promise.all(
      renamers.map((r, i) => r.client.patch('/api/users/me', { username: `renamed${i}x${Date.now() % 1e6}` })),
    );
    expect(renames.map((r) => r.statusCode)).toEqual(Array<number>(renamers.length).fill(200));
    // The solve's own leaderboard change comes after it, merged or not: once it is read, the burst is all on the stream.
    await watcher.client.post('/api/challenges/caesar-cipher/submit', {
      flag: deriveFlag(t.config.instanceSecret!, 'caesar-cipher'),
    });
    let text = '';
    const afterSolve = () => text.slice(text.indexOf('event: solve'));
    while (!text.includes('event: solve') || !afterSolve().includes('event: leaderboard')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const elapsedMs = performance.now() - startedAt;
    const leaderboardFrames = text.split('event: leaderboard').length - 1;
    // 13 changes (12 renames and the solve): at most the first frame plus one per second (the merge window), plus the last,
    // whatever the machine's speed.
    expect(leaderboardFrames).toBeGreaterThanOrEqual(1);
    expect(leaderboardFrames).toBeLessThanOrEqual(2 + Math.ceil(elapsedMs / 1000));
    expect(leaderboardFrames).toBeLessThan(renamers.length);
  });
});
