import path from 'node:path';

import { type Config, ConfigError, loadConfig } from '../config.js';
import { createDatabase, type Database, migrateDatabase, readMigrationStatus } from '../db/client.js';
import { claimExclusiveDatabase, InstanceBusyError, lockDataDir, type Release } from '../lib/instance-lock.js';

/** A failure the operator can act on: its message is printed as it is, and the tool exits with `exitCode`. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

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

export interface CliContext {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  /** All of standard input, for secrets that must not appear in a command line (`--password-stdin`). */
  readStdin(): Promise<string>;
  config(): Config;
  withDatabase<T>(access: DatabaseAccess, run: (database: Database, config: Config) => Promise<T>): Promise<T>;
}

export function createCliContext(env: NodeJS.ProcessEnv = process.env): CliContext {
  const config = (): Config => {
    try {
      return loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(`${error.message}\nRun \`npm run drapeau -- config check\`.`);
      throw error;
    }
  };
  return {
    env,
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    config,
    async withDatabase(access, run) {
      const cfg = config();
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
    },
  };
}
