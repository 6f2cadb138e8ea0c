import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import { RE2JS } from 're2js';

import type { FlagMatcher } from '@drapeau/shared';

/**
 * A flag as the server checks it: the expected text (already derived for derived and per-user flags) and the matcher.
 * Matchers form a registry (docs/decisions/006-secrets-and-flags.md): exact after trim, case-insensitive, and regex
 * (a full match, run by re2js, whose time is linear in the input: no pattern can hang the server).
 */
export interface FlagSpec {
  type: FlagMatcher;
  value: string;
}

type Matcher = (expected: string, submitted: string) => boolean;

/** Compares in constant time: both sides are hashed to a fixed length first, so neither length nor content leaks. */
export function constantTimeEquals(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}

export const MAX_PATTERN_LENGTH = 1000;
const compiled = new Map<string, RE2JS>();
function compile(pattern: string, flags: number): RE2JS {
  const key = `${flags}:${pattern}`;
  let re = compiled.get(key);
  if (!re) {
    re = RE2JS.compile(pattern, flags);
    if (compiled.size > 1000) compiled.clear();
    compiled.set(key, re);
  }
  return re;
}

const FLAG_MATCHERS: Readonly<Record<FlagMatcher, Matcher>> = {
  exact: (expected, submitted) => constantTimeEquals(expected.trim(), submitted.trim()),
  'case-insensitive': (expected, submitted) => constantTimeEquals(expected.trim().toLowerCase(), submitted.trim().toLowerCase()),
  regex: (pattern, submitted) => {
    try {
      return compile(pattern, 0).matches(submitted.trim());
    } catch {
      // Refused at save (validateFlagPattern); a pattern that still fails accepts nothing.
      return false;
    }
  },
};

/** A regex flag that ctfcli marks `case_insensitive` is stored as `(?i)` + pattern, which RE2 reads natively. */
export function checkFlag(spec: FlagSpec, submitted: string): boolean {
  return FLAG_MATCHERS[spec.type](spec.value, submitted);
}

/** Why a regex pattern is refused, or null when the linear-time engine can run it. */
export function validateFlagPattern(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    // RE2 refuses what it cannot run in linear time (back-references, look-arounds) with a message naming it.
    return error instanceof Error ? error.message : 'invalid pattern';
  }
}

/**
 * A derived flag (the built-in pack): HMAC-SHA256(instance secret, challenge id), shaped into
 * `CTF{<two words of the id>_<24 hex digits>}`. Two deployments have different flags; the repository holds none.
 */
export function deriveFlag(instanceSecret: string, challengeId: string): string {
  const digest = createHmac('sha256', instanceSecret).update(`flag:v1:${challengeId}`).digest('hex');
  return `CTF{${flagWords(challengeId)}_${digest.slice(0, 24)}}`;
}

/** A per-user flag: HMAC of the secret, the challenge and the player; shared by no two players. */
export function derivePerUserFlag(instanceSecret: string, challengeId: string, userId: string): string {
  const digest = createHmac('sha256', instanceSecret).update(`flag:user:v1:${challengeId}:${userId}`).digest('hex');
  return `CTF{${flagWords(challengeId)}_${digest.slice(0, 24)}}`;
}

/**
 * In team mode, a per-user flag is its team's (docs/decisions/016-teams.md): every member gets the same, no two teams do.
 * Its own prefix keeps it apart from any player's.
 */
export function derivePerTeamFlag(instanceSecret: string, challengeId: string, teamId: string): string {
  const digest = createHmac('sha256', instanceSecret).update(`flag:team:v1:${challengeId}:${teamId}`).digest('hex');
  return `CTF{${flagWords(challengeId)}_${digest.slice(0, 24)}}`;
}

function flagWords(challengeId: string): string {
  return challengeId
    .split('-')
    .filter((w) => w.length > 0)
    .slice(0, 2)
    .join('_');
}
