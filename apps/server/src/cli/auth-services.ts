import { pino } from 'pino';

import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createAuthMailHooks } from '../modules/auth/auth-mail.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import { createBetterAuth } from '../modules/auth/better-auth.js';
import { createSessionsRepository } from '../modules/auth/sessions.repository.js';
import { createSecretsRepository } from '../modules/secrets/secrets.repository.js';
import { loadInstanceSecrets } from '../modules/secrets/instance-secrets.js';
import { createMailRepository } from '../modules/mail/mail.repository.js';
import { createMailer } from '../modules/mail/mailer.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { notifyInstances } from '../modules/events/event-bus.js';

/** The account services the admin commands need, wired as app.ts wires them (same secrets, same better-auth). */
export async function createCliAuthServices(database: Database, config: Config) {
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const secrets = await loadInstanceSecrets(createSecretsRepository(database.db), {
    instanceSecret: config.instanceSecret,
    sessionSecret: config.sessionSecret,
  });
  const users = createUsersRepository(database.db);
  const betterAuth = createBetterAuth({
    db: database.db,
    secret: secrets.sessionSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    logger,
    // The commands send no mail: an account made here is created by an admin, who vouches for its address.
    mail: createAuthMailHooks({
      mailer: createMailer({
        smtpUrl: undefined,
        from: config.mailFrom,
        repository: createMailRepository(database.db),
        reportError: () => undefined,
      }),
      publicUrl: config.publicUrl,
      isVerificationOn: () => false,
    }),
  });
  const auth = createAuthService({
    auth: betterAuth,
    users,
    sessions: createSessionsRepository(database.db),
    // On PostgreSQL the running servers are told at once (a promotion, a reset password); on the embedded database the
    // server is stopped while a command runs, and starts with no session in memory.
    publishSessionsRevoked: async (userId) => {
      if (database.pool) await notifyInstances(database.pool, 'sessions', { userId });
    },
  });
  return { logger, users, betterAuth, auth };
}
