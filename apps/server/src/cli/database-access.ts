import path from 'node:path';

import type { Config } from '../config.js';
import { createDatabase, type Database, migrateDatabase, readMigrationStatus } from '../db/client.js';
import { claimExclusiveDatabase, InstanceBusyError, lockDataDir, type Release } from '../lib/instance-lock.js';

import { CliError } from './cli-error.js';

export interface DatabaseAccess {
  /**
   * True when the command must not run beside a server (restore). On PGlite every command needs DATA_DIR to itself
   * anyway (one process at a time); on PostgreSQL the others run beside the servers (lib/instance-lock.ts).
   */
  needsServerStopped: boolean;
  /**
   * `apply` (default): apply pending migrations first, as the server does at start; `require`: refuse when some are
   * pending (a backup must describe this version's schema); `skip`: leave them to the command (`migrate`).
   */
  migrations?: 'apply' | 'require' | 'skip';
}

/** Opens the instance's database for one command, as `access` allows (lib/instance-lock.ts), and closes it after. */
export async function withCliDatabase<T>(
  cfg: Config,
  access: DatabaseAccess,
  run: (database: Database, config: Config) => Promise<T>,
): Promise<T> {
  let release: Release | undefined;
  let database: Database | undefined;
  try {
    if (cfg.databaseUrl) {
      if (access.needsServerStopped) release = await claimExclusiveDatabase(cfg.databaseUrl);
      database = await createDatabase({ kind: 'postgres', url: cfg.databaseUrl, poolSize: 2 });
    } else {
      release = await lockDataDir(cfg.dataDir);
      database = await createDatabase({ kind: 'pglite', dataDir: path.join(cfg.dataDir, 'pglite') });
    }
    const migrations = access.migrations ?? 'apply';
    if (migrations === 'require') {
      const status = await readMigrationStatus(database.db);
      if (status.pending > 0) {
        throw new CliError(
          `The database lacks ${status.pending} migration(s) of this version: run \`npm run drapeau -- migrate\` first.`,
        );
      }
    } else if (migrations === 'apply') {
      await migrateDatabase(database);
    }
    return await run(database, cfg);
  } catch (error) {
    if (error instanceof InstanceBusyError) throw new CliError(`Refused: ${error.message}`);
    throw error;
  } finally {
    await database?.close().catch(() => {});
    await release?.();
  }
}
