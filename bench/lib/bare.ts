// The bare Node server (bench/bare-node-server.ts) under the same loads as Drapeau, for the ratios of the table.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { bareSubmission, runDynamicBare, type SolveSeries } from './dynamic.js';
import { type LoadResult, runBurst, runLoad } from './load.js';
import { cookieOf, log, options, root, SEARCH, SEARCH_PATHS, WRONG_FLAG_BODY } from './options.js';
import type { Captured } from './pass.js';
import type { BareResult } from './report.js';
import { freePort, type ServerProcess, startServer } from './server-process.js';
import { TEAM_SEARCH_PATHS } from './teams.js';

/**
 * Starts the bare server answering `page` and `search` (bytes Drapeau answered), runs `work`, stops it. `script`: the
 * bare Node server, or bench/bare-fastify-server.ts (Fastify alone: the framework's floor, for --only=hot).
 */
async function withBareServer<T>(
  captured: Captured,
  work: (server: ServerProcess) => Promise<T>,
  script = 'bench/bare-node-server.ts',
): Promise<T> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'drapeau-bench-bare-'));
  try {
    const pageFile = path.join(tmp, 'page.json');
    const searchFile = path.join(tmp, 'search.json');
    await writeFile(pageFile, captured.page);
    await writeFile(searchFile, captured.search);
    const { server } = await startServer({
      args: ['--import', 'tsx', path.join(root, script)],
      env: { ...(process.env as Record<string, string>), BARE_PAGE_FILE: pageFile, BARE_SEARCH_FILE: searchFile },
      port: await freePort(),
      logFile: path.join(tmp, 'bare.log'),
    });
    try {
      return await work(server);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

const bareDynamic = (server: ServerProcess) => {
  log("bare Node: the dynamic figure's submissions");
  return runDynamicBare(server.baseUrl, { sequential: options.dynamicSequential, burst: options.dynamicBurst }, cookieOf);
};

/**
 * The burst of correct flags' requests (as many players, each on a new connection, all at once), answered by the bare
 * server after parsing each body: what the same client and machine allow before any session, database or commit.
 */
async function bareBurst(server: ServerProcess): Promise<SolveSeries> {
  log(`bare Node: a burst of ${options.burst} submissions at once`);
  const requests = Array.from({ length: options.burst }, (_, i) => bareSubmission(i, cookieOf));
  const burst = await runBurst(server.baseUrl, requests);
  return {
    count: burst.count,
    throughput: burst.throughput,
    p50Ms: burst.p50Ms,
    p99Ms: burst.p99Ms,
    acknowledged: burst.answered.length,
  };
}

/** The sustained loads' settings against the bare server, as against the real one: same connections, cookies, duration. */
const loadOn = (server: { pid: number }) => ({
  connections: options.connections,
  durationSeconds: options.duration,
  warmupSeconds: 2,
  cookies: Array.from({ length: options.active }, (_, i) => cookieOf(i + 1)),
  serverPid: server.pid,
});

export function runBare(captured: Captured): Promise<BareResult> {
  return withBareServer(captured, async (server) => ({
    ...(await hotLoads(server)),
    burst: await bareBurst(server),
    dynamic: await bareDynamic(server),
  }));
}

/** --only=hot: the three sustained loads alone. */
export function runBareHot(captured: Captured): Promise<Omit<BareResult, 'dynamic'>> {
  return withBareServer(captured, (server) => hotLoads(server));
}

/** --only=hot: the same loads on Fastify with no plugin, hook or log answering the same bytes. */
export function runBareFastifyHot(captured: Captured): Promise<Omit<BareResult, 'dynamic'>> {
  return withBareServer(captured, (server) => hotLoads(server, 'bare Fastify'), 'bench/bare-fastify-server.ts');
}

async function hotLoads(server: ServerProcess, label = 'bare Node'): Promise<Omit<BareResult, 'dynamic'>> {
  const load = loadOn(server);
  log(`${label}: leaderboard bytes`);
  const leaderboard = await runLoad({ baseUrl: server.baseUrl, path: '/api/leaderboard', ...load });
  const search = await runLoad({
    baseUrl: server.baseUrl,
    path: `/api/leaderboard?search=${SEARCH}`,
    paths: SEARCH_PATHS,
    ...load,
  });
  log(`${label}: submissions`);
  const wrongFlags = await runLoad({
    baseUrl: server.baseUrl,
    path: '/api/challenges/x/submit',
    method: 'POST',
    body: WRONG_FLAG_BODY,
    ...load,
  });
  return { leaderboard, search, wrongFlags };
}

/** --only=burst: the bare server answers the burst's requests alone. */
export function runBareBurst(): Promise<SolveSeries> {
  return withBareServer({ page: '{}', search: '{}' }, bareBurst);
}

/** --only=dynamic: the bare server answers the dynamic figure's requests alone. */
export function runBareDynamic(): Promise<{ sequential: SolveSeries; burst: SolveSeries }> {
  return withBareServer({ page: '{}', search: '{}' }, bareDynamic);
}

/** The team figure's loads on the bare server answering the team leaderboard's bytes (page 1 and a search). */
export function runBareTeams(captured: Captured, teams: number): Promise<{ leaderboard: LoadResult; search: LoadResult }> {
  return withBareServer(captured, async (server) => {
    const load = loadOn(server);
    log('bare Node: team leaderboard bytes');
    const leaderboard = await runLoad({ baseUrl: server.baseUrl, path: '/api/leaderboard', ...load });
    const paths = TEAM_SEARCH_PATHS(teams);
    const search = await runLoad({ baseUrl: server.baseUrl, path: paths[0]!, paths, ...load });
    return { leaderboard, search };
  });
}
