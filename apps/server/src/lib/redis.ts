import type { Redis } from 'ioredis';

export interface RedisLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * The Redis connection of the shared rate-limit counters (REDIS_URL). Commands never wait for a lost connection (no
 * offline queue): while Redis is unreachable, every limiter counts in this instance's memory instead
 * (lib/rate-limiter.ts, http/ip-rate-limit-store.ts), and the log says so once per outage; ioredis reconnects by itself
 * (every 2 s at most) and the counters are shared again as soon as it is back. ioredis is imported only when REDIS_URL
 * is set (docs/performance.md "Cold start").
 */
export async function connectRedis(url: string, log: RedisLog): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  let shared = false;
  let warned = false;
  redis.on('ready', () => {
    if (warned) log.info('Redis reachable again: rate limits are shared between instances again');
    shared = true;
    warned = false;
  });
  const lost = () => {
    if (warned) return;
    warned = true;
    log.warn(
      shared
        ? 'Redis unreachable: rate limits are counted per instance until it returns'
        : 'Redis not reachable yet: rate limits are counted per instance until it is',
    );
    shared = false;
  };
  redis.on('error', lost);
  redis.on('close', () => {
    if (shared) lost();
  });
  return redis;
}

/** True while commands can be sent: otherwise the caller counts in memory. */
export const isRedisReady = (redis: Redis): boolean => redis.status === 'ready';
