import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import type { UserAccounts } from './user-accounts.js';
import type { AuthService } from './auth.service.js';

export interface AdminAccount {
  email: string;
  username: string;
  password: string;
}

const DEFAULT_ADMIN = { email: 'admin@drapeau.local', username: 'admin' };

/** The admin account made at first start, with its generated password: shown once to the person starting the server. */
export interface CreatedAdmin {
  email: string;
  password: string;
}

/** The lines that show a created admin outside the start banner (stdout not a terminal, the test helper). */
export function formatCreatedAdmin(account: CreatedAdmin): string {
  return (
    `\n  Drapeau created an admin account (shown once; set ADMIN_EMAIL/ADMIN_USERNAME/ADMIN_PASSWORD to choose your own):\n` +
    `    email:    ${account.email}\n    password: ${account.password}\n\n`
  );
}

/**
 * Makes sure the instance has an admin: the configured account is created if missing and promoted if present.
 * With none configured and none existing, one is created with a generated password, handed to `announce` once (printed on
 * stdout by default; never logged). A promotion is a change of role like the admin's edit (docs/product.md#sessions): the
 * account's sessions end, and every instance forgets the ones it remembered and closes its live streams, so that no
 * instance serves the old role from its memory.
 */
export async function bootstrapAdmin(deps: {
  auth: AuthService;
  users: UserAccounts;
  configured: AdminAccount | undefined;
  logger: FastifyBaseLogger;
  announce?: (account: CreatedAdmin) => void;
}): Promise<void> {
  const { auth, users, configured, logger } = deps;
  const announce = deps.announce ?? ((account: CreatedAdmin) => process.stdout.write(formatCreatedAdmin(account)));
  if (configured) {
    const existing = await users.findUserByEmail(configured.email);
    const id = existing?.id ?? (await createAccount(auth, configured));
    if (existing?.role !== 'admin') await promote(deps, id);
    logger.info({ email: configured.email }, existing ? 'configured admin promoted' : 'configured admin created');
    return;
  }
  if ((await users.countAdmins()) > 0) return;
  const password = randomBytes(12).toString('base64url');
  const id = await createAccount(auth, { ...DEFAULT_ADMIN, password });
  await promote(deps, id);
  announce({ email: DEFAULT_ADMIN.email, password });
}

async function promote(deps: { auth: AuthService; users: UserAccounts }, id: string): Promise<void> {
  await deps.users.updateRole(id, 'admin');
  await deps.auth.revokeSessions(id);
}

async function createAccount(auth: AuthService, account: AdminAccount): Promise<string> {
  const { value } = await auth.register(account, new Headers());
  return value.uid;
}
