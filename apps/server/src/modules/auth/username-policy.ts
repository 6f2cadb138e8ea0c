import { conflict } from '../../lib/app-error.js';

import type { UserAccounts } from './user-accounts.js';

/**
 * Names a player could use to pass for staff (issue #17.8), and every role's name (issue #34.5). The configured admin,
 * and admins made by the CLI, are created without this check (the default admin is named `admin`).
 */
const RESERVED = [
  'admin',
  'administrator',
  'system',
  'root',
  'moderator',
  'staff',
  'support',
  'drapeau',
  // The roles (RoleSchema's user, teacher, admin) and what the product calls a user.
  'user',
  'teacher',
  'player',
];

/**
 * The shape a name has on screen: case, separators and look-alike characters folded (rn → m, 0 → o, 1 / i / | → l).
 * The SQL twin is in users.repository.ts (isUsernameConfusable); the two must agree.
 */
function usernameSkeleton(name: string): string {
  return name.toLowerCase().replace(/[._-]/g, '').replace(/0/g, 'o').replace(/[1i|]/g, 'l').replace(/rn/g, 'm');
}

const RESERVED_SKELETONS = new Set(RESERVED.map(usernameSkeleton));

/** Whether a name is reserved, look-alikes included (`Teacher`, `adm1n`): sign-up, rename and single sign-on refuse it. */
export function isReservedUsername(username: string): boolean {
  return RESERVED_SKELETONS.has(usernameSkeleton(username));
}

/** Refuses a reserved name, or one that looks like another player's (409 USERNAME_RESERVED). */
export function createUsernamePolicy(users: Pick<UserAccounts, 'isUsernameConfusable'>) {
  return {
    async check(username: string, exceptUserId?: string): Promise<void> {
      if (
        isReservedUsername(username) ||
        (await users.isUsernameConfusable(usernameSkeleton(username), username, exceptUserId))
      ) {
        throw conflict('USERNAME_RESERVED', 'This username is reserved or looks too much like another one.');
      }
    },
  };
}
export type UsernamePolicy = ReturnType<typeof createUsernamePolicy>;
