import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type pg from 'pg';

/**
 * Who may use the database while a maintenance command runs (docs/decisions/013-operations.md); each side imports its
 * own library when used (docs/performance.md "Cold start"):
 * - embedded PGlite: one process at a time on DATA_DIR. The server and every command of the CLI take the same lock file
 *   (`DATA_DIR/drapeau.lock`, refreshed every second, stale after 5 s when its owner was killed);
 * - PostgreSQL: every server holds a shared advisory lock on its own connection for its whole life; a command that needs
 *   every server stopped (restore) takes the same lock exclusively, which fails at once while any server is connected.
 *   PostgreSQL releases the lock of a dead server with its connection: no heartbeat to wait for.
 */
const MAINTENANCE_LOCK_ID = 4_711_814;
const LOCK_STALE_MS = 5_000;

export class InstanceBusyError extends Error {
  override name = 'InstanceBusyError';
}

export type Release = () => Promise<void>;

/** Takes DATA_DIR for this process. `waitMs`: how long to wait for a lock left by a killed process to go stale. */
export async function lockDataDir(
  dataDir: string,
  options: { waitMs?: number; onCompromised?: (error: Error) => void } = {},
): Promise<Release> {
  await mkdir(dataDir, { recursive: true });
  const retries = Math.ceil((options.waitMs ?? 0) / 1000);
  try {
    const { default: lockfile } = await import('proper-lockfile');
    const release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'drapeau.lock'),
      realpath: false,
      stale: LOCK_STALE_MS,
      update: 1_000,
      retries: { retries, minTimeout: 1000, maxTimeout: 1000, factor: 1 },
      onCompromised: options.onCompromised ?? (() => {}),
    });
    return async () => {
      await release().catch(() => {});
    };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') {
      throw new InstanceBusyError(
        `${dataDir} is in use by another Drapeau process (the server, or another command). ` +
          'Stop the server first; a lock left by a killed process is released within 5 s.',
      );
    }
    throw error;
  }
}

/** The server's side on PostgreSQL: a shared lock held for its life, taken again after a lost connection. */
export async function holdServerPresence(url: string, log: { warn(message: string): void }): Promise<Release> {
  let client: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (released) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect().catch(scheduleRetry), 1000);
    retry.unref();
  };
  async function connect(): Promise<void> {
    const { default: pg } = await import('pg');
    const next = new pg.Client({ connectionString: url, application_name: 'drapeau-server' });
    next.on('error', () => {});
    await next.connect();
    client = next;
    next.on('end', () => {
      if (client === next) scheduleRetry();
    });
    const { rows } = await next.query<{ ok: boolean }>('select pg_try_advisory_lock_shared($1) as ok', [MAINTENANCE_LOCK_ID]);
    if (!rows[0]?.ok) {
      log.warn('a maintenance command (restore) holds the database: waiting for it to finish');
      await next.query('select pg_advisory_lock_shared($1)', [MAINTENANCE_LOCK_ID]);
    }
  }

  await connect();
  return async () => {
    released = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** What the server takes at start: DATA_DIR on PGlite (waiting out a killed process's lock), presence on PostgreSQL. */
export async function claimServerInstance(
  config: { databaseUrl: string | undefined; dataDir: string },
  log: { warn(message: string): void; error(message: string): void },
): Promise<Release> {
  if (config.databaseUrl) return holdServerPresence(config.databaseUrl, log);
  return lockDataDir(config.dataDir, {
    waitMs: LOCK_STALE_MS * 2,
    onCompromised: (error) => log.error(`the lock on DATA_DIR was lost: ${error.message}`),
  });
}

/** The CLI's side on PostgreSQL: refuses at once while any server is connected; held until the command ends. */
export async function claimExclusiveDatabase(url: string): Promise<Release> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'drapeau-cli' });
  client.on('error', () => {});
  await client.connect();
  const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [MAINTENANCE_LOCK_ID]);
  if (!rows[0]?.ok) {
    await client.end();
    throw new InstanceBusyError(
      'A Drapeau server is connected to this PostgreSQL database. Stop every server first, then run this command again.',
    );
  }
  return async () => {
    await client.end().catch(() => {});
  };
}
