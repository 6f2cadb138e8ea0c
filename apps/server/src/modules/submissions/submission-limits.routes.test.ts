import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { submissions } from '../../db/schema/index.js';
import { buildTestApp, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { deriveFlag } from '../challenges/flags/flag-check.js';

/** Wrong-flag limit (issue #17.4, #17.5): atomic under concurrency, refunded by a new solve, junk on a solved challenge counted. */
let t: TestApp;
const clock = createManualClock();
const LIMIT = 3;
const flagOf = (id: string) => deriveFlag(t.config.instanceSecret!, id);
const storedAttempts = async (userId: string, challengeId: string) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.challengeId, challengeId)));
  return row?.n ?? -1;
};

beforeAll(async () => {
  t = await buildTestApp({ env: { SUBMISSION_RATE_LIMIT: String(LIMIT) }, clock });
});
afterAll(async () => {
  await t.close();
});

describe('wrong-flag limit', () => {
  it('lets exactly the limit through when 200 wrong flags arrive at once, and stores only those', async () => {
    const player = await registerPlayer(t.app);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        player.client.post('/api/challenges/caesar-cipher/submit', { flag: `CTF{guess${i}}` }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(200 - LIMIT);
    expect(await storedAttempts(player.userId, 'caesar-cipher')).toBe(LIMIT);
  });

  it('refuses the right flag too once the limit is reached, with the time to wait', async () => {
    const player = await registerPlayer(t.app);
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await player.client.post('/api/challenges/kernel-exploit/submit', { flag: `CTF{wrong${i}}` })).json().status).toBe(
        'incorrect',
      );
    }
    const limited = await player.client.post('/api/challenges/kernel-exploit/submit', { flag: flagOf('kernel-exploit') });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(limited.headers['retry-after']).toBe(String(limited.json().error.retryAfterSeconds));
    const other = await registerPlayer(t.app);
    expect((await other.client.post('/api/challenges/kernel-exploit/submit', { flag: 'CTF{x}' })).statusCode).toBe(200);
  });

  it('gives the point back for a new solve, so a correct flag does not use up the wrong-flag allowance', async () => {
    const player = await registerPlayer(t.app);
    for (let i = 0; i < LIMIT - 1; i += 1) {
      await player.client.post('/api/challenges/hash-cracking/submit', { flag: `CTF{wrong${i}}` });
    }
    const solved = await player.client.post('/api/challenges/hash-cracking/submit', { flag: flagOf('hash-cracking') });
    expect(solved.json().status).toBe('correct');
    // LIMIT - 1 used: one more wrong flag is still allowed, then the limit holds.
    expect((await player.client.post('/api/challenges/xor-encryption/submit', { flag: 'CTF{nope}' })).statusCode).toBe(200);
    expect((await player.client.post('/api/challenges/xor-encryption/submit', { flag: 'CTF{nope2}' })).statusCode).toBe(429);
  });

  it('counts attempts on an already solved challenge, so they cannot fill the disk', async () => {
    const player = await registerPlayer(t.app);
    const solved = await player.client.post('/api/challenges/dom-manipulation/submit', { flag: flagOf('dom-manipulation') });
    expect(solved.json().status).toBe('correct');
    const junk = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        player.client.post('/api/challenges/dom-manipulation/submit', {
          flag: i % 2 === 0 ? `CTF{junk${'x'.repeat(200)}${i}}` : flagOf('dom-manipulation'),
        }),
      ),
    );
    expect(junk.filter((r) => r.statusCode === 200)).toHaveLength(LIMIT);
    expect(junk.filter((r) => r.statusCode === 200).every((r) => r.json().status === 'already_solved')).toBe(true);
    // The solve, then at most LIMIT more rows, whatever is sent.
    expect(await storedAttempts(player.userId, 'dom-manipulation')).toBe(1 + LIMIT);
  });

  it('opens a new window when the minute has passed (injectable clock, no waiting)', async () => {
    const player = await registerPlayer(t.app);
    for (let i = 0; i < LIMIT; i += 1) await player.client.post('/api/challenges/caesar-cipher/submit', { flag: `CTF{a${i}}` });
    const limited = await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{b}' });
    expect(limited.statusCode).toBe(429);
    clock.advance(limited.json().error.retryAfterSeconds * 1000 - 1000);
    expect((await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{c}' })).statusCode).toBe(429);
    clock.advance(1000);
    expect((await player.client.post('/api/challenges/caesar-cipher/submit', { flag: 'CTF{d}' })).statusCode).toBe(200);
  });
});
