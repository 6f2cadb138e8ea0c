import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import type { Clock } from './clock.js';

/** The outcome of one consume: allowed (with a way to give the point back), or refused until the window ends. */
type Consumed = { allowed: true; refund: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters keyed by whatever the caller chooses (a user, an account and address). `consume` takes a point
 * and answers in one atomic step (rate-limiter-flexible: a Map in memory, one Lua script on Redis), so a burst of
 * concurrent requests can never pass more than `points` (docs/decisions/010-abuse-limits.md). A caller that learns the
 * action should not count (a correct flag, a successful sign-in) refunds the point in the same window.
 */
export interface RateLimiter {
  consume(key: string): Promise<Consumed>;
}

export interface RateLimiterOptions {
  points: number;
  windowMs: number;
  /** Shared counters for several instances (REDIS_URL); memory otherwise, and while Redis is unreachable. */
  redis?: Redis | undefined;
  /** Separates the limiters (and the test runs) sharing one Redis. */
  keyPrefix: string;
  clock: Clock;
}

/**
 * The window is chosen from the injectable clock (its number is part of the key), so that a test moves time without
 * waiting; the store's own expiry only removes old windows.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { points, windowMs, clock } = options;
  const durationSeconds = Math.max(1, Math.ceil(windowMs / 1000)) + 1;
  const memory = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix: options.keyPrefix });
  // While Redis is unreachable (lib/redis.ts), this instance's memory counts instead: limits per instance, never none.
  const store: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({
        storeClient: options.redis,
        points,
        duration: durationSeconds,
        keyPrefix: options.keyPrefix,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;

  return {
    async consume(key) {
      const now = clock.now().getTime();
      const window = Math.floor(now / windowMs);
      const windowKey = `${key}:${window}`;
      try {
        await store.consume(windowKey, 1);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const windowEndsAt = (window + 1) * windowMs;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) };
      }
      return {
        allowed: true,
        refund: async () => {
          await store.reward(windowKey, 1);
        },
      };
    },
  };
}
