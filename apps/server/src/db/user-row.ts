import { sql } from 'drizzle-orm';

import { users } from './schema/index.js';

/**
 * The name shown for a user everywhere (leaderboard, admin lists, audit log, live events, tokens): the username as they
 * typed it, else its normalized form, else the account's name (never null: better-auth requires it). One definition, so
 * that every screen shows the same name.
 */
export const shownUsername = sql<string>`coalesce(${users.displayUsername}, ${users.username}, ${users.name})`;

/**
 * The columns a profile change writes (docs/product.md, usernames): the username as typed for display, its lower-case
 * form for uniqueness and sign-in, and better-auth's `name` kept equal to it. The one place that normalises a username.
 */
export function profileChangeColumns(changes: { username?: string; bio?: string }) {
  return {
    ...(changes.username === undefined
      ? {}
      : { username: changes.username.toLowerCase(), displayUsername: changes.username, name: changes.username }),
    ...(changes.bio === undefined ? {} : { bio: changes.bio }),
  };
}

/**
 * A unique violation on the username (two renames to one name at once, by players or admins): the caller answers 409
 * USERNAME_TAKEN, never a 500.
 */
export function isUsernameConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') return [constraint, message].some((text) => typeof text === 'string' && text.includes('username'));
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Everything the API's user shape needs, in one query. */
export const userRowColumns = {
  id: users.id,
  username: users.displayUsername,
  normalizedUsername: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  role: users.role,
  banned: users.banned,
  banReason: users.banReason,
  banExpires: users.banExpires,
  bio: users.bio,
  avatarPath: users.avatarPath,
  createdAt: users.createdAt,
  solvedChallenges: sql<
    string[]
  >`coalesce((select array_agg(s.challenge_id order by s.solved_at, s.id) from solves s where s.user_id = "users"."id"), '{}')`,
  badges: sql<
    string[]
  >`coalesce((select array_agg(b.badge_id order by b.awarded_at, b.badge_id) from user_badges b where b.user_id = "users"."id"), '{}')`,
};

export type UserRow = {
  id: string;
  username: string | null;
  normalizedUsername: string | null;
  email: string;
  emailVerified: boolean;
  role: string;
  banned: boolean | null;
  banReason: string | null;
  banExpires: Date | null;
  bio: string;
  avatarPath: string | null;
  createdAt: Date;
  solvedChallenges: string[];
  badges: string[];
};
