/**
 * Plain constants of the contract, without the schema library: the web app's first page imports them from
 * `@drapeau/shared/constants` and so does not download the schemas (docs/architecture.md#web-app).
 */
export const LOCALES = ['en', 'fr'] as const;

/** A teacher is a player who may also run classes (docs/product.md#classes); only admins grant it. */
export const ROLES = ['user', 'teacher', 'admin'] as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const BIO_MAX = 500;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/**
 * How many times a sign-in or sign-up answered 503 AUTH_BUSY is sent again after its Retry-After, by the form and by
 * the benchmark's players (docs/decisions/010-abuse-limits.md "Password checks"): minutes of waiting, said on the form.
 */
export const AUTH_BUSY_RETRIES = 30;

/** The six categories of the built-in pack: they exist from the start, with these keys (docs/product.md, catalogue). */
export const CATEGORIES = ['web-client', 'web-server', 'networking', 'app-script', 'app-system', 'forensics'] as const;

/** docs/product.md#events: training (the permanent platform) or a timed event, and where an event stands. */
export const EVENT_MODES = ['training', 'event'] as const;
export const EVENT_PHASES = ['training', 'before', 'running', 'ended'] as const;
/** docs/product.md#events: the longest name of an event, in each language. */
export const EVENT_NAME_MAX = 80;
/** docs/product.md#first-blood: the largest first-blood bonus admins can set (0 = no bonus). */
export const FIRST_BLOOD_BONUS_MAX = 1000;

/** A category's stable key: the six built-in ones, or one an admin adds (lowercase words joined by hyphens). */
export const CATEGORY_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CATEGORY_KEY_MAX = 40;

/** A challenge's difficulty levels, easiest first. */
export const LEVELS = ['very-easy', 'easy', 'medium', 'hard'] as const;

/** The longest search text a list accepts: an email address can be this long. */
export const SEARCH_MAX_LENGTH = 254;

/** An uploaded avatar's largest size, and the longest side it is resized to. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 400;

/**
 * Bounds of a write-up (docs/product.md#write-ups): an optional one-line title, a Markdown text long enough for a full
 * solution with code, short enough to page 20 of them.
 */
export const WRITE_UP_LIMITS = { titleMax: 120, bodyMin: 20, bodyMax: 20_000, pageSize: 20 } as const;

export { RANK_TIERS, computeRank } from './ranks.js';
