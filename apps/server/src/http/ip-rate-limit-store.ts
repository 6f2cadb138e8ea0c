import { createRequire } from 'node:module';

import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

import { isRedisReady } from '../lib/redis.js';

type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface Store extends FastifyRateLimitStore {
  read?: Incr;
}
/** @fastify/rate-limit's own stores (CommonJS, untyped): (continueExceeding, exponentialBackoff, ...). */
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * The per-address limits of @fastify/rate-limit (sign-up, sign-in, mails) on Redis, shared by every instance, and in
 * this instance's memory while Redis is unreachable (lib/redis.ts): an outage neither lifts the limits nor fails the
 * requests. The two stores are @fastify/rate-limit's own.
 */
export function ipRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const make = (shared: Store, local: Store): Store => {
    const pick =
      (method: 'incr' | 'read'): Incr =>
      (key, callback, timeWindow, max) => {
        const fallback = () => (local[method] ?? local.incr).call(local, key, callback, timeWindow, max);
        if (!isRedisReady(redis)) return fallback();
        (shared[method] ?? shared.incr).call(
          shared,
          key,
          (error, result) => (error ? fallback() : callback(null, result)),
          timeWindow,
          max,
        );
      };
    return {
      incr: pick('incr'),
      read: pick('read'),
      child: (routeOptions: RouteOptions) => make(shared.child(routeOptions), local.child(routeOptions)),
    };
  };
  return class {
    constructor(params: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = params as StoreParams;
      const shared = new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      const local = new LocalStore(continueExceeding, exponentialBackoff);
      return make(shared, local);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
