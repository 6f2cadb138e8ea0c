import path from 'node:path';
import { fileURLToPath } from 'node:url';

import closeWithGrace from 'close-with-grace';

import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrateDatabase } from './db/client.js';
import { CONTROL_SOCKET_NAME } from './http/control-socket.js';
import { LISTEN_BACKLOG } from './http/server-limits.js';
import { formatBanner } from './lib/banner.js';
import { DataDirError, ensureWritableDataDir } from './lib/data-dir.js';
import { claimServerInstance, InstanceBusyError } from './lib/instance-lock.js';
import { createLoggerOptions } from './lib/logger.js';
import type { CreatedAdmin } from './modules/auth/admin-bootstrap.js';

/** Entry: loadConfig → createDb → migrate → buildApp → listen; stops cleanly on SIGINT/SIGTERM (close-with-grace). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // A read-only or full volume stops the server here, with one clear line, rather than later with a stack trace.
  await ensureWritableDataDir(config.dataDir).catch((error: unknown) => {
    if (!(error instanceof DataDirError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  // One process at a time on PGlite's DATA_DIR; on PostgreSQL, a presence that a restore waits on (lib/instance-lock.ts).
  const stderrLog = { warn: (m: string) => process.stderr.write(`${m}\n`), error: (m: string) => process.stderr.write(`${m}\n`) };
  const releaseInstance = await claimServerInstance(config, stderrLog).catch((error: unknown) => {
    if (!(error instanceof InstanceBusyError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  const database = await createDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrateDatabase(database);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // A person at a terminal gets a banner and readable lines; a log collector gets JSON.
  const isTerminal = process.stdout.isTTY === true;
  // At a terminal, the admin account made at first start is shown in the banner, once the server listens.
  let createdAdmin: CreatedAdmin | undefined;
  const app = await buildApp({
    config,
    database,
    logger: createLoggerOptions(config.logLevel, { pretty: isTerminal }),
    ...(isTerminal ? { announceAdmin: (account: CreatedAdmin) => (createdAdmin = account) } : {}),
    webDistDir: process.env.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'),
    // PGlite is one process per data directory: the command-line tool asks this server for backups (ADR 013).
    ...(database.kind === 'pglite' ? { controlSocketPath: path.join(config.dataDir, CONTROL_SOCKET_NAME) } : {}),
  });

  // SIGINT/SIGTERM, or a crash: stop accepting, end the live streams, let the requests under way finish, close the
  // database and exit 0 (docs/operations.md "Stopping"); forced (exit 1) after 10 s.
  closeWithGrace({ delay: 10_000, logger: { error: (message: unknown) => app.log.error(message) } }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await releaseInstance();
  });

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  if (isTerminal) {
    process.stdout.write(
      formatBanner({
        url: config.publicUrl,
        database: database.kind,
        dataDir: config.dataDir,
        ...(config.admin ? { adminEmail: config.admin.email } : {}),
        ...(createdAdmin ? { createdAdmin } : {}),
      }),
    );
  } else {
    app.log.info({ url: config.publicUrl, database: database.kind }, 'Drapeau is ready');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Drapeau failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
