import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { createManualClock } from '../../test/manual-clock.js';

import { createRateLimiter, type RateLimiterOptions } from './rate-limiter.js';
import { connectRedis } from './redis.js';

/** Redis DB 1 with a prefix of this run's own: the local Redis is shared (never flushed). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisReachable = await redis.connect().then(
  () => true,
  () => false,
);
const prefix = `drapeau-test:${randomBytes(4).toString('hex')}:`;

afterAll(async () => {
  if (!redisReachable) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const backends: { name: string; redis?: Redis; skip: boolean }[] = [
  { name: 'memory', skip: false },
  // CI has Redis (.ci/run); a machine without it skips this backend and says so.
  { name: 'Redis', redis, skip: !redisReachable },
];

describe.each(backends)('rate limiter ($name)', ({ name, redis: client, skip }) => {
  let n = 0;
  const make = (options: Partial<RateLimiterOptions> = {}) => {
    const clock = createManualClock();
    n += 1;
    const limiter = createRateLimiter({
      points: 3,
      windowMs: 60_000,
      redis: client,
      keyPrefix: `${prefix}${name}${n}`,
      clock,
      ...options,
    });
    return { limiter, clock };
  };

  it.skipIf(skip)('passes exactly the limit out of 500 concurrent consumes', async () => {
    const { limiter } = make();
    const results = await Promise.all(Array.from({ length: 500 }, () => limiter.consume('k')));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    const refused = results.find((r) => !r.allowed);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it.skipIf(skip)('counts each key apart', async () => {
    const { limiter } = make({ points: 1 });
    expect((await limiter.consume('a')).allowed).toBe(true);
    expect((await limiter.consume('b')).allowed).toBe(true);
    expect((await limiter.consume('a')).allowed).toBe(false);
  });

  it.skipIf(skip)('gives a refunded point back in the same window', async () => {
    const { limiter } = make({ points: 2 });
    const first = await limiter.consume('k');
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
    if (!first.allowed) throw new Error('first consume refused');
    await first.refund();
    // The refused consume counted too: one refund is not enough to pass again...
    expect((await limiter.consume('k')).allowed).toBe(false);
    const { limiter: fresh } = make({ points: 1 });
    const only = await fresh.consume('k');
    if (!only.allowed) throw new Error('consume refused');
    await only.refund();
    // ...but it is when nothing was refused.
    expect((await fresh.consume('k')).allowed).toBe(true);
  });

  it.skipIf(skip)('opens a new window when the injectable clock reaches its end, and not a second before', async () => {
    const { limiter, clock } = make({ points: 1 });
    expect((await limiter.consume('k')).allowed).toBe(true);
    clock.advance(59_000);
    expect(await limiter.consume('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(1000);
    expect((await limiter.consume('k')).allowed).toBe(true);
  });

  it.skipIf(skip)('shares its counts between instances on one store (Redis: several servers)', async () => {
    if (!client) return;
    const clock = createManualClock();
    const options = { points: 2, windowMs: 60_000, redis: client, keyPrefix: `${prefix}shared`, clock };
    const a = createRateLimiter(options);
    const b = createRateLimiter(options);
    const results = await Promise.all([a, b, a, b, a, b].map((limiter) => limiter.consume('k')));
    expect(results.filter((r) => r.allowed)).toHaveLength(2);
  });
});

describe('rate limiter on an unreachable Redis', () => {
  it('counts in memory instead: the limit holds, no request fails', async () => {
    // Nothing listens on port 1: the connection is never ready (lib/redis.ts: no offline queue).
    const logs: string[] = [];
    const unreachable = await connectRedis('redis://127.0.0.1:1', { warn: (m) => logs.push(m), info: (m) => logs.push(m) });
    try {
      const limiter = createRateLimiter({
        points: 3,
        windowMs: 60_000,
        redis: unreachable,
        keyPrefix: `${prefix}down`,
        clock: createManualClock(),
      });
      const results = await Promise.all(Array.from({ length: 100 }, () => limiter.consume('k')));
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
      for (let i = 0; i < 2000 && logs.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(logs).toEqual(['Redis not reachable yet: rate limits are counted per instance until it is']);
    } finally {
      unreachable.disconnect();
    }
  });
});
