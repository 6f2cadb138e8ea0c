import { APIError } from 'better-auth/api';

import { conflict } from '../../lib/app-error.js';

import type { UserAccounts } from './user-accounts.js';

/**
 * Two sign-ups with one name or email at the same moment both pass the checks; the database's unique index refuses the
 * second, which better-auth reports as a generic FAILED_TO_CREATE_USER. Said again as the conflict it is (issue #17.8).
 */
export async function toSignUpConflict(
  error: unknown,
  body: { username: string; email: string },
  users: Pick<UserAccounts, 'isUsernameTaken' | 'findUserByEmail'>,
): Promise<unknown> {
  if (!(error instanceof APIError)) return error;
  const code = (error.body as { code?: string } | undefined)?.code;
  if (code !== 'FAILED_TO_CREATE_USER') return error;
  if (await users.isUsernameTaken(body.username)) return conflict('USERNAME_TAKEN', 'This username is already taken.');
  if (await users.findUserByEmail(body.email.toLowerCase())) return conflict('EMAIL_IN_USE', 'This email is already in use.');
  return error;
}
