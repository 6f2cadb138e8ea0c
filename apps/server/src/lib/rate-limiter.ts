import type { Redis } from 'ioredis';

import type { Clock } from './clock.js';

export interface RateLimitState {
  count: number;
  /** Seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters keyed by whatever the caller chooses (a user, an account). Used where a count must be read
 * without being consumed, e.g. "wrong flags per user": a limited user is refused before the flag is checked.
 * Requests per IP use @fastify/rate-limit instead.
 */
export interface RateLimiter {
  peek(key: string): Promise<RateLimitState>;
  hit(key: string): Promise<RateLimitState>;
}

export function createMemoryRateLimiter(windowMs: number, clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const now = clock.now().getTime();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    if (windows.size > 100_000) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    }
    return { window, now };
  };
  const state = (w: { count: number; resetAt: number }, now: number): RateLimitState => ({
    count: w.count,
    retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
  });
  return {
    peek: async (key) => {
      const { window, now } = current(key);
      return state(window, now);
    },
    hit: async (key) => {
      const { window, now } = current(key);
      window.count += 1;
      return state(window, now);
    },
  };
}

/** Shared counters for several server instances (REDIS_URL). */
export function createRedisRateLimiter(redis: Redis, windowMs: number, prefix = 'drapeau:rl:'): RateLimiter {
  const read = async (key: string, increment: boolean): Promise<RateLimitState> => {
    const k = prefix + key;
    const multi = redis.multi();
    if (increment) multi.incr(k).pexpire(k, windowMs, 'NX');
    multi.get(k).pttl(k);
    const results = (await multi.exec()) ?? [];
    const count = Number(results.at(-2)?.[1] ?? 0);
    const ttl = Number(results.at(-1)?.[1] ?? windowMs);
    return { count, retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)) };
  };
  return { peek: (key) => read(key, false), hit: (key) => read(key, true) };
}
