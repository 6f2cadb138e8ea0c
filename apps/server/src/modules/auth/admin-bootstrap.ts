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

/**
 * Makes sure the instance has an admin: the configured account is created if missing and promoted if present.
 * With none configured and none existing, one is created with a generated password, printed once on stdout (never logged).
 */
export async function bootstrapAdmin(deps: {
  auth: AuthService;
  users: UserAccounts;
  configured: AdminAccount | undefined;
  logger: FastifyBaseLogger;
  print?: (text: string) => void;
}): Promise<void> {
  const { auth, users, configured, logger } = deps;
  const print = deps.print ?? ((text: string) => process.stdout.write(text));
  if (configured) {
    const existing = await users.findUserByEmail(configured.email);
    const id = existing?.id ?? (await createAccount(auth, configured));
    if (existing?.role !== 'admin') await users.updateRole(id, 'admin');
    logger.info({ email: configured.email }, existing ? 'configured admin promoted' : 'configured admin created');
    return;
  }
  if ((await users.countAdmins()) > 0) return;
  const password = randomBytes(12).toString('base64url');
  const id = await createAccount(auth, { ...DEFAULT_ADMIN, password });
  await users.updateRole(id, 'admin');
  print(
    `\n  Drapeau created an admin account (shown once; set ADMIN_EMAIL/ADMIN_USERNAME/ADMIN_PASSWORD to choose your own):\n` +
      `    email:    ${DEFAULT_ADMIN.email}\n    password: ${password}\n\n`,
  );
}

async function createAccount(auth: AuthService, account: AdminAccount): Promise<string> {
  const { value } = await auth.register(account, new Headers());
  return value.uid;
}
