// What bench/compare.ts and bench/compare-restarts.ts share (docs/performance.md "Comparing builds"): the builds named in
// COMPARE, a store of its own per build (seeded-store.ts: its own database or data directory, migrated by that build,
// seeded for its schema), and the loads: page 1, search, wrong flags, and bursts of correct flags.
import path from 'node:path';

import { deriveFlag } from '../../apps/server/src/modules/challenges/flags/flag-check.js';

import { readCpuSeconds } from './server-process.js';
import { type BurstRequest, runBurst, runLoad } from './load.js';
import { BENCH_DB, cookieOf, type DatabaseKind, INSTANCE_SECRET, options, SEARCH_PATHS, WRONG_FLAG_BODY } from './options.js';
import { checkIntegrity, type IntegrityReport, playersWithoutSolve } from './seed.js';
import { type SeededStore, seededStore } from './seeded-store.js';
import type { ServerProcess } from './server-process.js';

export interface Build {
  label: string;
  /** The build's `dist/main.js`. */
  entry: string;
  /** Extra environment of that build's server. */
  env: Record<string, string>;
  /** The label of a build named before it whose store it runs on, instead of one of its own (`+STORE:<label>`). */
  store?: string;
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
      const { STORE: store, ...env } = Object.fromEntries(extra.map((e) => at(e, ':'))) as Record<string, string>;
      return { label, entry: path.resolve(entry), env, ...(store ? { store } : {}) };
    });
  if (builds.length < 2) throw new Error('COMPARE names at least two builds: label=path/to/main.js,label=...');
  if (new Set(builds.map((b) => b.label)).size !== builds.length) throw new Error('COMPARE: each build needs its own label');
  return builds;
}

/** Groups of two or more builds with the same entry and environment: one build on several servers. */
export function sameBuilds(builds: readonly Build[]): Build[][] {
  const groups = new Map<string, Build[]>();
  for (const build of builds) {
    const key = JSON.stringify([build.entry, build.env]);
    groups.set(key, [...(groups.get(key) ?? []), build]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

const LOAD_NAMES = ['page', 'search', 'wrong', 'burst'] as const;
export type LoadName = (typeof LOAD_NAMES)[number];

/** One load on one build: the figures compare.ts and compare-restarts.ts print. */
export interface LoadFigures {
  serverCpuUsPerRequest: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Requests not answered 2xx (or, in a burst, not answered `correct`). */
  failed: number;
}

/** The PostgreSQL database of a build's store: BENCH_DB_NAME followed by the build's label. */
const databaseNameOf = (label: string) => `${BENCH_DB}_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/**
 * A fresh store per build on `kind`, each created by that build's migrations and seeded as `npm run bench` seeds it
 * (so that a build before a schema change, such as the scoring ledger's, runs on its own schema). Returns the build's
 * server start, a load runner, the integrity check of each store after its server stopped, and the stores' removal.
 */
export async function prepareComparison(kind: DatabaseKind, builds: Build[]) {
  const stores = new Map<string, SeededStore>();
  /** Per build: the bursts' players, in blocks of --burst, and the players whose flag was acknowledged. */
  const bursts = new Map<string, { target: string; blocks: number[][]; acknowledged: number[] }>();
  try {
    for (const build of builds) {
      const shared = build.store === undefined ? undefined : stores.get(build.store);
      if (build.store !== undefined && !shared) throw new Error(`COMPARE: ${build.label}'s STORE names no build before it`);
      const store =
        shared ?? (await seededStore(kind, { entry: build.entry, databaseName: databaseNameOf(build.label), env: build.env }));
      stores.set(build.label, store);
      // As in a full run, a burst's players have not solved the rarest challenge and are none of the active players the
      // other loads use (their session and progress are not in the server's memory yet): one block per burst.
      const db = await store.openDb();
      const active = new Set(Array.from({ length: options.active }, (_, i) => i + 1));
      const players = await playersWithoutSolve(db, store.seed.rarest.id, options.users, active);
      await db.close();
      const blocks = Array.from({ length: Math.floor(players.length / options.burst) }, (_, i) =>
        players.slice(i * options.burst, (i + 1) * options.burst),
      );
      bursts.set(build.label, { target: store.seed.rarest.id, blocks, acknowledged: [] });
    }
  } catch (error) {
    for (const store of new Set(stores.values())) await store.remove();
    throw error;
  }
  const storeOf = (build: Build) => stores.get(build.label)!;
  const cookies = Array.from({ length: options.active }, (_, i) => cookieOf(i + 1));

  /** A burst: the build's next block of players sends the rarest challenge's correct flag at once. */
  const burst = async (build: Build, server: ServerProcess): Promise<LoadFigures> => {
    const state = bursts.get(build.label)!;
    const players = state.blocks.shift();
    if (!players) throw new Error(`${build.label}: no players left for a burst (raise --users, or lower --burst or SLICES)`);
    const body = JSON.stringify({ flag: deriveFlag(INSTANCE_SECRET, state.target) });
    const requests: BurstRequest[] = players.map((i) => ({
      path: `/api/challenges/${state.target}/submit`,
      body,
      cookie: cookieOf(i),
    }));
    const cpuBefore = await readCpuSeconds(server.pid);
    const result = await runBurst<{ status: string }>(server.baseUrl, requests);
    const cpuSeconds = (await readCpuSeconds(server.pid)) - cpuBefore;
    const correct = result.answered.filter((a) => a.body.status === 'correct');
    state.acknowledged.push(...correct.map((a) => players[a.index]!));
    return {
      serverCpuUsPerRequest: (cpuSeconds * 1e6) / result.count,
      requestsPerSecond: result.throughput,
      p99Ms: result.p99Ms,
      failed: result.count - correct.length,
    };
  };

  /** One load on a build's server: page 1, searches, wrong flags on the rarest challenge, or one burst (no warm-up). */
  const load = async (
    build: Build,
    server: ServerProcess,
    name: LoadName,
    durationSeconds: number,
    warmupSeconds = 0,
  ): Promise<LoadFigures> => {
    if (name === 'burst') return burst(build, server);
    const common = {
      baseUrl: server.baseUrl,
      serverPid: server.pid,
      cookies,
      connections: options.connections,
      durationSeconds,
      warmupSeconds,
    };
    const wrongFlagPath = `/api/challenges/${process.env.WRONG_CHALLENGE ?? storeOf(build).seed.rarest.id}/submit`;
    const r =
      name === 'page'
        ? await runLoad({ ...common, path: '/api/leaderboard' })
        : name === 'search'
          ? await runLoad({ ...common, path: SEARCH_PATHS[0]!, paths: SEARCH_PATHS })
          : await runLoad({ ...common, path: wrongFlagPath, method: 'POST', body: WRONG_FLAG_BODY });
    return {
      serverCpuUsPerRequest: r.serverCpuUsPerRequest,
      requestsPerSecond: r.requestsPerSecond,
      p99Ms: r.p99Ms,
      failed: r.non2xx + r.errors,
    };
  };

  /** After the build's servers stopped: every acknowledged burst flag is there, none twice, the score invariant. */
  const integrity = async (build: Build): Promise<IntegrityReport> => {
    const state = bursts.get(build.label)!;
    const db = await storeOf(build).openDb();
    try {
      return await checkIntegrity(
        db,
        state.acknowledged.map((userIndex) => ({ userIndex, challengeId: state.target })),
      );
    } finally {
      await db.close();
    }
  };

  return {
    start: (build: Build) => storeOf(build).start(build),
    load,
    /** How many bursts each build's players allow. */
    burstsLeft: (build: Build) => bursts.get(build.label)!.blocks.length,
    integrity,
    remove: async () => {
      for (const store of new Set(stores.values())) await store.remove();
    },
  };
}

/** LOAD or LOADS: a comma-separated list of page, search, wrong, burst. */
export function loadNames(value: string): LoadName[] {
  const names = value.split(',').filter(Boolean);
  for (const name of names) if (!(LOAD_NAMES as readonly string[]).includes(name)) throw new Error(`unknown load "${name}"`);
  return names as LoadName[];
}

const at = (sorted: number[], fraction: number) => sorted[Math.floor(sorted.length * fraction)]!;

/** Median, first and third quartiles of a list of figures. */
export function quartiles(values: number[]): { p25: number; median: number; p75: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p25: at(sorted, 0.25), median: at(sorted, 0.5), p75: at(sorted, 0.75) };
}
