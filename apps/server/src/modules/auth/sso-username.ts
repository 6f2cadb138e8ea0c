import { randomInt } from 'node:crypto';

import { USERNAME_MAX, USERNAME_MIN } from '@drapeau/shared';

import { isReservedUsername } from './username-policy.js';

/**
 * A username for an account made by single sign-on: the provider's `preferred_username`, else the address's local part,
 * reduced to the characters a username allows; a short random suffix when it is taken, reserved (a role's name such as
 * `teacher`, or staff's) or too short. Never an admin's name by accident: a taken name (any role) gets the suffix.
 */
export async function deriveUsername(
  profile: { preferred_username?: unknown; email?: unknown; name?: unknown },
  isTaken: (username: string) => Promise<boolean>,
): Promise<string> {
  const candidates = [profile.preferred_username, typeof profile.email === 'string' ? profile.email.split('@')[0] : undefined];
  const raw = candidates.find((c): c is string => typeof c === 'string' && c.length > 0) ?? 'player';
  const base = raw.replace(/[^A-Za-z0-9._-]/g, '').slice(0, USERNAME_MAX - 5) || 'player';
  if (base.length >= USERNAME_MIN && !isReservedUsername(base) && !(await isTaken(base))) return base;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = `${base}-${randomInt(1000, 10_000)}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  return `player-${randomInt(100_000, 1_000_000)}`;
}
