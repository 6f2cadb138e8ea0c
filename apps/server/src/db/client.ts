import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

import * as schema from './schema/index.js';

type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool, when on PostgreSQL (LISTEN/NOTIFY needs its own connection from it). */
  pool?: pg.Pool;
  /** The embedded database, when on PGlite (its metrics: http/database-metrics.ts). */
  pglite?: PGlite;
  /**
   * On PGlite, which runs one statement at a time: resolves once the statements queued before this call have run (it
   * queues an empty one behind them), with whether there were any. Lets a batch wait for the requests on their way to
   * it (lib/keyed-batches.ts).
   */
  settle?: () => Promise<boolean>;
  /** On PGlite: operations (a query, or a whole transaction) queued or running on its one connection. */
  pendingOperations?: () => number;
  close(): Promise<void>;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string | undefined; client?: PGlite };

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant: holds off a second instance's migrations until the first one's are done. */
const MIGRATION_LOCK_ID = 4_711_813;

/**
 * Each driver is imported when used: a server loads one of the two (the other is a tenth of a second of its cold start,
 * docs/performance.md "Cold start").
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    // JIT off (docs/performance.md "Dynamic scoring figure"): our statements are short, but the planner's estimate of
    // a rescoring of thousands of solves passed JIT's threshold, and compiling took 1.7 s of a 2.4 s statement.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c jit=off' });
    // An idle client that loses its server must not crash the process; the next query reports the error.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = options.client ?? (await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {}));
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  // Operations queued or running on the one connection, for settle() and the pool metrics.
  let pending = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      pending += 1;
      return original(...args).finally(() => (pending -= 1));
    };
  }
  const settle = async () => {
    const busy = pending > 0;
    await client.query('select 1');
    return busy;
  };
  return {
    db,
    kind: 'pglite',
    pglite: client,
    settle,
    pendingOperations: () => pending,
    close: () => client.close(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres' && database.pool) {
    const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const lockClient = await database.pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migrateNodePg(drizzleNodePg(lockClient, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      lockClient.release();
    }
    return;
  }
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_FOLDER });
}

export interface MigrationStatus {
  /** Migrations shipped with this build. */
  expected: number;
  /** Of those, not applied to the database yet. */
  pending: number;
  /** `folderMillis` of the newest shipped migration: the schema version written into backups. */
  latestAt: number;
}

/** Compares the shipped migrations with drizzle's journal table, as drizzle's migrator does (newest `created_at`). */
export async function readMigrationStatus(db: Db): Promise<MigrationStatus> {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const latestAt = Math.max(0, ...files.map((f) => f.folderMillis));
  let appliedAt = -1;
  try {
    const result = await db.execute<{ last: string | number | null }>(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    const last = (result as { rows: { last: string | number | null }[] }).rows[0]?.last;
    appliedAt = last === null || last === undefined ? -1 : Number(last);
  } catch (error) {
    // No journal table yet: nothing applied. Any other failure (database unreachable) is the caller's to report.
    if (!hasCode(error, ['42P01', '3F000'])) throw error;
  }
  return { expected: files.length, pending: files.filter((f) => f.folderMillis > appliedAt).length, latestAt };
}

function hasCode(error: unknown, codes: string[]): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (codes.includes(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}
