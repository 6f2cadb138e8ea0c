import type { Role } from '@drapeau/shared';

import type { UserRow } from '../../db/user-row.js';

/**
 * What the accounts code reads and writes of the users' rows. The users module's repository implements it and app.ts
 * hands it over, so that auth depends on this interface and not on another module's repository
 * (docs/conventions.md#layers-and-dependency-rules).
 */
export interface UserAccounts {
  findUserById(id: string): Promise<UserRow | undefined>;
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  /** Case-insensitively. */
  isUsernameTaken(username: string): Promise<boolean>;
  /** Another account's username has the same confusable skeleton (docs/product.md, usernames). */
  isUsernameConfusable(skeleton: string, username: string, exceptUserId?: string): Promise<boolean>;
  countAdmins(): Promise<number>;
  /** Ends the account's sessions too (docs/product.md#sessions); the caller tells every instance (`revokeSessions`). */
  updateRole(id: string, role: Role): Promise<void>;
}
