// A fresh store for one build of the server (docs/performance.md "The benchmark", "Comparing builds"): its own database
// (PostgreSQL) or data directory (PGlite), created by that build's own migrations at a first start, then seeded for that
// schema (bench/lib/seed.ts). Every pass of `npm run bench` (this build's, and --previous-entry's) and every build of
// bench/compare.ts gets one this way.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { adminUrl, args, type DatabaseKind, log, options, serverEnv } from './options.js';
import { seedCompetition, type SeedResult } from './seed.js';
import { freePort, SERVER_NODE_FLAGS, type ServerProcess, startServer } from './server-process.js';
import { dropPostgresDatabase, openPglite, openPostgres, recreatePostgresDatabase, type SqlRunner } from './sql-runner.js';

export interface SeededStore {
  kind: DatabaseKind;
  /** The servers' environment on this store. */
  env: Record<string, string>;
  seed: SeedResult;
  /** The first start's time, on the empty store (migrations, catalogue, admin). */
  firstStartMs: number;
  /** The store's SQL, while no server runs on it (PGlite is single-process). */
  openDb: () => Promise<SqlRunner>;
  /**
   * Starts the build on the store (or `other`, a build that runs on this store without a schema of its own, such as the
   * bare Node server): the process and the milliseconds to its first 200.
   */
  start: (other?: { entry: string; env: Record<string, string> }) => Promise<{ server: ServerProcess; readyMs: number }>;
  /** Drops the database and the directory (kept with --keep: their paths are printed). */
  remove: () => Promise<void>;
}

/** `node` options for the server under measure, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'. */
const serverArgsOf = (entry: string) => [
  ...SERVER_NODE_FLAGS,
  ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  entry,
];

/**
 * The store of `entry` on `kind`: PostgreSQL database `databaseName` (dropped and created), or a PGlite directory of its
 * own; migrated by the build's first start, then seeded with --users players and --solves solves.
 */
export async function seededStore(
  kind: DatabaseKind,
  build: { entry: string; databaseName: string; env?: Record<string, string> },
): Promise<SeededStore> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `drapeau-bench-${kind}-`));
  const dataDir = path.join(tmp, 'data');
  const logFile = path.join(tmp, 'server.log');
  let databaseUrl: string | undefined;
  const remove = async () => {
    if (args.keep) return log(`${kind}: kept ${databaseUrl ?? dataDir} (server log: ${logFile})`);
    if (databaseUrl) await dropPostgresDatabase(adminUrl, build.databaseName).catch(() => {});
    await rm(tmp, { recursive: true, force: true });
  };
  try {
    databaseUrl = kind === 'postgres' ? await recreatePostgresDatabase(adminUrl, build.databaseName) : undefined;
    const baseEnv = serverEnv(kind, dataDir, databaseUrl);
    const env = { ...baseEnv, ...build.env };
    const url = databaseUrl;
    const openDb = () => (url ? openPostgres(url) : openPglite(path.join(dataDir, 'pglite')));
    const start = async (other?: { entry: string; env: Record<string, string> }) =>
      startServer({
        args: serverArgsOf(other?.entry ?? build.entry),
        env: other ? { ...baseEnv, ...other.env } : env,
        port: await freePort(),
        logFile,
      });

    log(`${kind}: first start on an empty store (migrations, catalogue, admin) of ${build.entry}`);
    const first = await start();
    await first.server.stop();
    log(`${kind}: seeding ${options.users} users and ${options.solves} solves by bulk SQL`);
    const db = await openDb();
    try {
      const seed = await seedCompetition(db, { users: options.users, solves: options.solves });
      log(
        `${kind}: seeded in ${seed.seconds.toFixed(1)} s; solvers per challenge: ${seed.challenges.map((c) => c.solvers).join(' ')}`,
      );
      return { kind, env, seed, firstStartMs: first.readyMs, openDb, start, remove };
    } finally {
      await db.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}
