// What bench/compare.ts and bench/compare-restarts.ts share (docs/performance.md "Comparing builds"): the builds named in
// COMPARE, a database seeded once for all of them, and the three sustained loads.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { runLoad } from './load.js';
import { adminUrl, BENCH_DB, cookieOf, type DatabaseKind, options, SEARCH_PATHS, serverEnv, WRONG_FLAG_BODY } from './options.js';
import { seedCompetition } from './seed.js';
import { freePort, SERVER_NODE_FLAGS, type ServerProcess, startServer } from './server-process.js';
import { openPglite, openPostgres, recreatePostgresDatabase } from './sql-runner.js';

export interface Build {
  label: string;
  /** The build's `dist/main.js`. */
  entry: string;
  /** Extra environment of that build's server. */
  env: Record<string, string>;
}

/** COMPARE=label=path/to/main.js[+NAME:value+NAME:value],label=...: the first build is the one the others are compared to. */
export function buildsToCompare(): Build[] {
  const builds = (process.env.COMPARE ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      // Split at the first separator only: a value may hold '=' or ':' (NODE_OPTIONS:--max-semi-space-size=64).
      const at = (text: string, separator: string) => {
        const index = text.indexOf(separator);
        return index < 0 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)];
      };
      const [label, rest] = at(pair, '=');
      const [entry, ...extra] = rest!.split('+');
      if (!label || !entry) throw new Error(`COMPARE: "${pair}" is not label=path/to/main.js`);
      return { label, entry: path.resolve(entry), env: Object.fromEntries(extra.map((e) => at(e, ':'))) };
    });
  if (builds.length < 2) throw new Error('COMPARE names at least two builds: label=path/to/main.js,label=...');
  return builds;
}

export type LoadName = 'page' | 'search' | 'wrong';

/**
 * A fresh database for `kind`, created by the last build's migrations (the newest build, when an older one meets a
 * newer schema), then seeded as `npm run bench` seeds it. Returns the servers' environment and a load runner.
 */
export async function prepareComparison(kind: DatabaseKind, builds: Build[]) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'drapeau-compare-'));
  const dataDir = path.join(tmp, 'data');
  const databaseUrl = kind === 'postgres' ? await recreatePostgresDatabase(adminUrl, BENCH_DB) : undefined;
  const env = serverEnv(kind, dataDir, databaseUrl);
  const logFile = path.join(tmp, 'server.log');
  const start = async (build: Build) =>
    startServer({ args: [...SERVER_NODE_FLAGS, build.entry], env: { ...env, ...build.env }, port: await freePort(), logFile });
  await (await start(builds[builds.length - 1]!)).server.stop();
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dataDir, 'pglite'));
  const seed = await seedCompetition(db, { users: options.users, solves: options.solves });
  await db.close();
  const cookies = Array.from({ length: options.active }, (_, i) => cookieOf(i + 1));
  const wrongFlagPath = `/api/challenges/${process.env.WRONG_CHALLENGE ?? seed.rarest.id}/submit`;
  /** One sustained load on a server: page 1, searches, or wrong flags on the rarest challenge. */
  const load = (server: ServerProcess, name: LoadName, durationSeconds: number, warmupSeconds = 0) => {
    const common = {
      baseUrl: server.baseUrl,
      serverPid: server.pid,
      cookies,
      connections: options.connections,
      durationSeconds,
      warmupSeconds,
    };
    if (name === 'page') return runLoad({ ...common, path: '/api/leaderboard' });
    if (name === 'search') return runLoad({ ...common, path: SEARCH_PATHS[0]!, paths: SEARCH_PATHS });
    return runLoad({ ...common, path: wrongFlagPath, method: 'POST', body: WRONG_FLAG_BODY });
  };
  return { start, load };
}

/** LOAD or LOADS: a comma-separated list of page, search, wrong. */
export function loadNames(value: string): LoadName[] {
  const names = value.split(',').filter(Boolean);
  for (const name of names) if (!['page', 'search', 'wrong'].includes(name)) throw new Error(`unknown load "${name}"`);
  return names as LoadName[];
}

const at = (sorted: number[], fraction: number) => sorted[Math.floor(sorted.length * fraction)]!;

/** Median, first and third quartiles of a list of figures. */
export function quartiles(values: number[]): { p25: number; median: number; p75: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p25: at(sorted, 0.25), median: at(sorted, 0.5), p75: at(sorted, 0.75) };
}
