import type { Config } from '../config.js';
import type { RateLimiter } from '../lib/rate-limiter.js';

const MINUTE = 60_000;
const TEN_MINUTES = 10 * MINUTE;
const HOUR = 60 * MINUTE;

/** The configuration a limit may take its points from (the `*_RATE_LIMIT` variables, docs/operations.md). */
type LimitConfig = Pick<
  Config,
  'submissionRateLimit' | 'labRateLimit' | 'authIpRateLimit' | 'authAccountRateLimit' | 'mailRateLimit'
>;

interface LimitEntry {
  /**
   * Who counts: `per-user` limits are rate-limiter-flexible counters (`lib/rate-limiter.ts`, built by `limiterFor`),
   * whose caller picks the key and may refund a point; `per-address` limits are @fastify/rate-limit route options,
   * counted per route and client address.
   */
  counter: 'per-user' | 'per-address';
  /** What the key is made of. */
  keyOn: 'user' | 'user and code' | 'email' | 'email and address' | 'address';
  points: number | ((config: LimitConfig) => number);
  windowMs: number;
  /** Where the limit is consumed. */
  usedBy: string;
}

/**
 * Every rate limit of the server, in one place (docs/decisions/010-abuse-limits.md#rate-limits): a reviewer sees each
 * limit, what it counts and where. `limiterFor(name)` (app.ts) and `addressLimit(limits, name)` (route options) take
 * their values from here only, and only names listed here type-check. A per-user name is also its counters' key prefix
 * (`drapeau:rl:<name>` on Redis).
 */
export const RATE_LIMITS = {
  'wrong-flag': {
    counter: 'per-user',
    keyOn: 'user',
    points: (c) => c.submissionRateLimit,
    windowMs: MINUTE,
    usedBy: 'submissions.service: attempts that solve nothing (a new solve refunds)',
  },
  lab: {
    counter: 'per-user',
    keyOn: 'user',
    points: (c) => c.labRateLimit,
    windowMs: MINUTE,
    usedBy: 'labs.service: lab checks',
  },
  login: {
    counter: 'per-user',
    keyOn: 'email and address',
    points: (c) => c.authAccountRateLimit,
    windowMs: MINUTE,
    usedBy: 'auth.routes: failed sign-ins (a success refunds)',
  },
  'password-change': {
    counter: 'per-user',
    keyOn: 'user',
    points: (c) => c.authAccountRateLimit,
    windowMs: MINUTE,
    usedBy: 'account.routes: password changes',
  },
  mail: {
    counter: 'per-user',
    keyOn: 'email',
    points: (c) => c.mailRateLimit,
    windowMs: HOUR,
    usedBy: 'account.routes: mails sent to one address (reset, verification)',
  },
  'two-factor': {
    counter: 'per-user',
    keyOn: 'user',
    points: 10,
    windowMs: TEN_MINUTES,
    usedBy: 'two-factor.service: codes checked with a session (enrol, confirm, disable)',
  },
  'totp-used': {
    counter: 'per-user',
    keyOn: 'user and code',
    points: 1,
    windowMs: 3 * MINUTE,
    usedBy: 'two-factor.service: a code is accepted once (replay guard over its validity)',
  },
  'api-token': {
    counter: 'per-user',
    keyOn: 'user',
    points: 10,
    windowMs: HOUR,
    usedBy: 'tokens.service: tokens created (a script needs one, a person a few)',
  },
  'team-join': {
    counter: 'per-user',
    keyOn: 'user',
    points: 10,
    windowMs: TEN_MINUTES,
    usedBy: 'teams.service: invite codes tried (docs/decisions/016-teams.md)',
  },
  'class-join': {
    counter: 'per-user',
    keyOn: 'user',
    points: 10,
    windowMs: TEN_MINUTES,
    usedBy: 'classes.service: class codes tried, right or wrong (docs/product.md#classes)',
  },
  'write-up': {
    counter: 'per-user',
    keyOn: 'user',
    points: 20,
    windowMs: TEN_MINUTES,
    usedBy: 'write-ups.service: publish, edit, delete',
  },
  profile: {
    counter: 'per-user',
    keyOn: 'user',
    points: 20,
    windowMs: TEN_MINUTES,
    usedBy: 'users.service: profile changes (a rename reaches every live stream)',
  },
  avatar: {
    counter: 'per-user',
    keyOn: 'user',
    points: 5,
    windowMs: TEN_MINUTES,
    usedBy: 'users.service: avatar uploads (each is decoded)',
  },
  'auth-address': {
    counter: 'per-address',
    keyOn: 'address',
    points: (c) => c.authIpRateLimit,
    windowMs: MINUTE,
    usedBy: 'auth, sso, two-factor, passkeys routes; account.routes reset and verify (each route counts apart)',
  },
  'mail-address': {
    counter: 'per-address',
    keyOn: 'address',
    points: (c) => c.mailRateLimit * 10,
    windowMs: HOUR,
    usedBy: 'account.routes: routes that send a mail',
  },
  'class-join-address': {
    counter: 'per-address',
    keyOn: 'address',
    points: 120,
    windowMs: MINUTE,
    usedBy: 'classes.routes: class codes tried (a classroom behind one address joins at once)',
  },
  'not-found': {
    counter: 'per-address',
    keyOn: 'address',
    points: 100,
    windowMs: MINUTE,
    usedBy: 'error-handler: unknown routes (a scanner walking paths)',
  },
} as const satisfies Record<string, LimitEntry>;

type Limits = typeof RATE_LIMITS;
export type RateLimitName = keyof Limits;
/** The limits counted by `limiterFor` (rate-limiter-flexible). */
export type UserRateLimitName = { [N in RateLimitName]: Limits[N]['counter'] extends 'per-user' ? N : never }[RateLimitName];
/** The limits given to routes as @fastify/rate-limit options. */
export type AddressRateLimitName = Exclude<RateLimitName, UserRateLimitName>;

/** Builds the counter of a per-user limit (app.ts). */
export type LimiterFor = (name: UserRateLimitName) => RateLimiter;

/** Every limit with its points read from the configuration. */
export type RateLimits = Record<RateLimitName, { points: number; windowMs: number }>;

export function resolveRateLimits(config: LimitConfig): RateLimits {
  const entries = Object.entries(RATE_LIMITS) as [RateLimitName, LimitEntry][];
  return Object.fromEntries(
    entries.map(([name, entry]) => [
      name,
      { points: typeof entry.points === 'number' ? entry.points : entry.points(config), windowMs: entry.windowMs },
    ]),
  ) as RateLimits;
}

/** A route's `config.rateLimit` (@fastify/rate-limit) for a per-address limit. */
export function addressLimit(limits: RateLimits, name: AddressRateLimitName): { max: number; timeWindow: number } {
  const { points, windowMs } = limits[name];
  return { max: points, timeWindow: windowMs };
}
