// One database's pass of `npm run bench`: first start, bulk seed, then the figures on one server, in an order where
// each step leaves the next its conditions (docs/performance.md). `--only` runs one step after the seed.
import { readFile } from 'node:fs/promises';

import { deriveFlag } from '../../apps/server/src/modules/challenges/flags/flag-check.js';

import { adminCookie, type CatalogueResult, runCatalogue } from './catalogue.js';
import { type DynamicResult, makeDynamic, pickDynamicTarget, runDynamic } from './dynamic.js';
import { type EventStartResult, runEventStart, seedPasswords } from './event-start.js';
import { httpRequest, sleep } from './http-client.js';
import { type BurstRequest, type LiveResult, type LoadResult, runBurst, runLive, runLoad } from './load.js';
import {
  args,
  BENCH_DB,
  benchAdmin,
  cookieOf,
  type DatabaseKind,
  INSTANCE_SECRET,
  log,
  options,
  SEARCH,
  SEARCH_PATHS,
  serverEntry,
  WRONG_FLAG_BODY,
} from './options.js';
import { countDifferences, servedStandings } from './ledger-check.js';
import { integrityOk, type PassResult } from './report.js';
import { checkIntegrity, type IntegrityReport, playersWithoutSolve, type SeededChallenge } from './seed.js';
import { seededStore } from './seeded-store.js';
import { describeActivity, type ServerProcess, sampleRss } from './server-process.js';
import { userId } from './sessions.js';
import { checkTeamIntegrity, playersOfTeamsWithoutSolve, runTeamsLoads, seedTeams, type TeamsResult } from './teams.js';
import type { SqlRunner } from './sql-runner.js';

/** What the Drapeau server answered, kept for the bare Node server to answer the same bytes. */
export interface Captured {
  page: string;
  search: string;
}

export type PassOutcome =
  | { kind: 'full'; pass: PassResult }
  | { kind: 'catalogue'; catalogue: CatalogueResult }
  | { kind: 'dynamic'; dynamic: DynamicResult; integrity: IntegrityReport }
  | { kind: 'burst'; burst: PassResult['burst']; integrity: IntegrityReport }
  | { kind: 'teams'; teams: TeamsResult }
  | { kind: 'live'; live: LiveFigure }
  | { kind: 'hot'; hot: HotFigures }
  | { kind: 'event-start'; eventStart: EventStartResult; integrity: IntegrityReport };

/** --only=hot: the three sustained loads of a full pass, on the seeded store after a cold start. */
export interface HotFigures {
  leaderboard: LoadResult;
  search: LoadResult;
  wrongFlags: LoadResult;
}

/** --only=live: the live-clients figure, with the cold start and idle memory of the same server. */
export interface LiveFigure {
  firstStartMs: number;
  coldStart: { healthMs: number; leaderboardMs: number };
  idleRssMb: number;
  live: LiveResult;
  integrity: IntegrityReport;
}

/** The dynamic-scoring figure (bench/lib/dynamic.ts) on a running server. */
async function dynamicStep(
  kind: string,
  server: ServerProcess,
  env: Record<string, string>,
  target: SeededChallenge,
  players: number[],
): Promise<DynamicResult> {
  log(`${kind}: dynamic scoring on ${target.id} (${target.solvers} solvers): ${players.length} correct flags`);
  const before = await server.activity();
  const dynamic = await runDynamic({
    baseUrl: server.baseUrl,
    admin: benchAdmin(env),
    target,
    flag: deriveFlag(INSTANCE_SECRET, target.id),
    players,
    sequential: options.dynamicSequential,
    withStatic: true,
    cookieOf,
  });
  const { sequential, burst } = dynamic;
  log(
    `${kind}: static first: one by one p50 ${dynamic.static?.sequential.p50Ms.toFixed(1)} ms, at once ` +
      `${dynamic.static?.burst.throughput.toFixed(1)} solves/s; ` +
      `dynamic: one by one ${sequential.throughput.toFixed(1)} solves/s (p50 ${sequential.p50Ms.toFixed(1)} ms), at once ` +
      `${burst.throughput.toFixed(1)} solves/s (p99 ${burst.p99Ms.toFixed(0)} ms, ${burst.acknowledged} acknowledged); ` +
      `from the switch to the last answer, ${describeActivity(before, await server.activity())}`,
  );
  return dynamic;
}

/** The burst of correct flags: `players` send the flag of `target` all at once. */
async function burstStep(
  kind: string,
  server: ServerProcess,
  target: SeededChallenge,
  players: number[],
): Promise<{ burst: PassResult['burst']; acknowledged: number[] }> {
  log(`${kind}: burst of ${players.length} correct flags at once`);
  const flag = JSON.stringify({ flag: deriveFlag(INSTANCE_SECRET, target.id) });
  const requests: BurstRequest[] = players.map((i) => ({
    path: `/api/challenges/${target.id}/submit`,
    body: flag,
    cookie: cookieOf(i),
  }));
  const before = await server.activity();
  const burst = await runBurst<{ status: string }>(server.baseUrl, requests);
  const correct = burst.answered.filter((a) => a.body.status === 'correct');
  const after = await server.activity();
  // Logged at once too: an older build (--server-entry) may stop the run at a later step it does not have.
  log(
    `${kind}: burst: ${burst.throughput.toFixed(0)} solves/s, p99 ${burst.p99Ms.toFixed(0)} ms, ${correct.length} correct; ` +
      `from its start to its last answer, ${describeActivity(before, after)}`,
  );
  return {
    burst: {
      count: burst.count,
      acknowledged: correct.length,
      throughput: burst.throughput,
      elapsedMs: burst.elapsedMs,
      p50Ms: burst.p50Ms,
      p99Ms: burst.p99Ms,
      statusCodes: burst.statusCodes,
      errors: burst.errors,
    },
    acknowledged: correct.map((a) => players[a.index]!),
  };
}

/** The catalogue figures (bench/lib/catalogue.ts) on a running server, with the seeded players' sessions. */
function catalogueStep(kind: string, server: ServerProcess, env: Record<string, string>): Promise<CatalogueResult> {
  log(`${kind}: catalogue: import of 200 challenges with 200 files, then the challenge list and detail`);
  return runCatalogue({
    baseUrl: server.baseUrl,
    admin: benchAdmin(env),
    load: {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: 2,
      cookies: Array.from({ length: options.active }, (_, i) => cookieOf(i + 1)),
      serverPid: server.pid,
    },
  });
}

/**
 * The team-mode figure (bench/lib/teams.ts): the seeded store turned into teams of 5, then a server started on it. The
 * bytes it answered go to `captured`, for the bare Node server.
 */
async function teamsStep(
  kind: string,
  openDb: () => Promise<SqlRunner>,
  start: () => Promise<ServerProcess>,
  target: SeededChallenge,
  captured: Partial<Captured>,
): Promise<TeamsResult> {
  const db = await openDb();
  const seed = await seedTeams(db, options.users);
  const livePlayers = await playersOfTeamsWithoutSolve(db, target.id, 20);
  await db.close();
  log(
    `${kind}: ${seed.teams} teams of 5 seeded in ${seed.seconds.toFixed(1)} s (${seed.removedDuplicates} duplicate solves removed)`,
  );
  const server = await start();
  try {
    // The sustained loads rotate over the active players only, as in a full pass; the live clients are their own list.
    const cookies = Array.from({ length: options.active }, (_, i) => cookieOf(i + 1));
    log(`${kind}: team leaderboard page 1 and search (${options.connections} connections, ${options.duration} s), live solves`);
    const loads = await runTeamsLoads({
      baseUrl: server.baseUrl,
      teams: seed.teams,
      load: {
        connections: options.connections,
        durationSeconds: options.duration,
        warmupSeconds: 2,
        cookies,
        serverPid: server.pid,
      },
      captured,
      live: {
        clientCookies: Array.from({ length: options.sseClients }, (_, i) => cookieOf(i + 1)),
        challengeId: target.id,
        flag: deriveFlag(INSTANCE_SECRET, target.id),
        players: livePlayers,
        cookieOf,
      },
    });
    await server.stop();
    const check = await openDb();
    try {
      return { seed, ...loads, integrity: await checkTeamIntegrity(check) };
    } finally {
      await check.close();
    }
  } finally {
    await server.stop();
  }
}

/** Solves of `challenge` by `players` (not solvers yet), timed to every one of `--sse-clients` live streams. */
async function liveStep(kind: string, server: ServerProcess, challenge: SeededChallenge, players: number[]): Promise<LiveResult> {
  log(`${kind}: live updates to ${options.sseClients} SSE clients`);
  const limits = await readFile(`/proc/${server.pid}/limits`, 'utf8').catch(() => '');
  const openFiles = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? Infinity);
  if (openFiles < options.sseClients + 256) {
    log(`${kind}: the server may open ${openFiles} files, fewer than ${options.sseClients} streams need: raise ulimit -n`);
  }
  const flag = JSON.stringify({ flag: deriveFlag(INSTANCE_SECRET, challenge.id) });
  return runLive({
    baseUrl: server.baseUrl,
    clientCookies: Array.from({ length: options.sseClients }, (_, i) => cookieOf(i + 1)),
    solves: players.map((i) => ({
      key: `${userId(i)}|${challenge.id}`,
      path: `/api/challenges/${challenge.id}/submit`,
      body: flag,
      cookie: cookieOf(i),
    })),
    gapMs: 200,
    server,
  });
}

/** Cold start on the existing store: ms to the first 200 of /api/health, and to the first leaderboard page. */
async function coldStart(start: () => Promise<{ server: ServerProcess; readyMs: number }>) {
  const cold = await start();
  const firstBoard = await httpRequest(`${cold.server.baseUrl}/api/leaderboard`, { headers: { cookie: cookieOf(1) } });
  if (firstBoard.status !== 200) {
    await cold.server.stop();
    throw new Error(`leaderboard answered ${firstBoard.status}: ${firstBoard.body.slice(0, 300)}`);
  }
  return { server: cold.server, firstBoard, coldStart: { healthMs: cold.readyMs, leaderboardMs: cold.readyMs + firstBoard.ms } };
}

/** The event-start figure (bench/lib/event-start.ts): the three rarest challenges made dynamic, then the players arrive. */
async function eventStartStep(
  kind: string,
  server: ServerProcess,
  env: Record<string, string>,
  challenges: readonly SeededChallenge[],
): Promise<EventStartResult> {
  const rarest = [...challenges].sort((a, b) => a.solvers - b.solvers).slice(0, 3);
  const cookie = await adminCookie(server.baseUrl, benchAdmin(env).email, benchAdmin(env).password);
  for (const c of rarest) await makeDynamic(server.baseUrl, cookie, c.id);
  log(
    `${kind}: event start: ${options.eventPlayers} players within ${options.eventSpreadSeconds} s, flags to ` +
      `${rarest.map((c) => `${c.id} (${c.solvers} solvers)`).join(', ')}, made dynamic`,
  );
  return runEventStart({
    baseUrl: server.baseUrl,
    server,
    players: Array.from({ length: options.eventPlayers }, (_, i) => i + 1),
    spreadSeconds: options.eventSpreadSeconds,
    password: benchAdmin(env).password,
    challenges: rarest.map((c) => ({ id: c.id, flag: deriveFlag(INSTANCE_SECRET, c.id) })),
  });
}

export async function runPass(
  kind: DatabaseKind,
  captured: Partial<Captured>,
  only = args.only,
  entry = serverEntry,
): Promise<PassOutcome> {
  const store = await seededStore(kind, { entry, databaseName: BENCH_DB });
  const { env, openDb, seed } = store;
  const startTimed = store.start;
  const start = async () => (await startTimed()).server;
  const first = { readyMs: store.firstStartMs };
  let server: ServerProcess | undefined;
  try {
    const db = await openDb();
    const burstUsers = await playersWithoutSolve(db, seed.rarest.id, options.burst);
    const liveUsers = await playersWithoutSolve(db, seed.secondRarest.id, 20);
    const dynamicTarget = pickDynamicTarget(seed.challenges);
    // Twice the figure's flags: the same series on the challenge while static, then once dynamic (bench/lib/dynamic.ts).
    const dynamicUsers = await playersWithoutSolve(db, dynamicTarget.id, 2 * (options.dynamicSequential + options.dynamicBurst));
    await db.close();
    const integrityOf = async (acknowledged: { userIndex: number; challengeId: string }[]) => {
      const check = await openDb();
      try {
        return await checkIntegrity(check, acknowledged);
      } finally {
        await check.close();
      }
    };
    /**
     * Stops the server, then checks the rows (checkIntegrity) and the scoring ledger: the standings it served before it
     * stopped against those a server started afresh on the same rows serves (ledger-check.ts).
     */
    const stopAndCheck = async (running: ServerProcess, acknowledged: { userIndex: number; challengeId: string }[]) => {
      const served = await servedStandings(running.baseUrl, benchAdmin(env));
      await running.stop();
      server = undefined;
      const integrity = await integrityOf(acknowledged);
      const fresh = await start();
      try {
        return {
          ...integrity,
          ledgerMismatches: countDifferences(served, await servedStandings(fresh.baseUrl, benchAdmin(env))),
        };
      } finally {
        await fresh.stop();
      }
    };
    const dynamicAcknowledged = (dynamic: DynamicResult) =>
      dynamic.acknowledgedPlayers.map((i) => ({ userIndex: i, challengeId: dynamic.challengeId }));

    if (only === 'teams') return { kind: 'teams', teams: await teamsStep(kind, openDb, start, seed.secondRarest, captured) };

    if (only === 'event-start') {
      const accounts = await openDb();
      await seedPasswords(accounts, benchAdmin(env).email, options.eventPlayers);
      await accounts.close();
      server = await start();
      const eventStart = await eventStartStep(kind, server, env, seed.challenges);
      return { kind: 'event-start', eventStart, integrity: await stopAndCheck(server, eventStart.acknowledged) };
    }

    if (args.only === 'catalogue') {
      server = await start();
      return { kind: 'catalogue', catalogue: await catalogueStep(kind, server, env) };
    }

    if (args.only === 'dynamic') {
      server = await start();
      const dynamic = await dynamicStep(kind, server, env, dynamicTarget, dynamicUsers);
      return { kind: 'dynamic', dynamic, integrity: await stopAndCheck(server, dynamicAcknowledged(dynamic)) };
    }

    if (args.only === 'burst') {
      server = await start();
      const { burst, acknowledged } = await burstStep(kind, server, seed.rarest, burstUsers);
      const integrity = await stopAndCheck(
        server,
        acknowledged.map((i) => ({ userIndex: i, challengeId: seed.rarest.id })),
      );
      log(`${kind}: integrity ${integrityOk(integrity) ? 'ok' : 'BROKEN'} ${JSON.stringify(integrity)}`);
      return { kind: 'burst', burst, integrity };
    }

    log(`${kind}: cold start on the existing store`);
    const cold = await coldStart(startTimed);
    server = cold.server;
    const base = server.baseUrl;
    if (args.only === 'live') {
      await sleep(2000);
      const idleRssMb = await server.rssMb();
      const live = await liveStep(kind, server, seed.secondRarest, liveUsers);
      const integrity = await stopAndCheck(
        server,
        liveUsers.map((i) => ({ userIndex: i, challengeId: seed.secondRarest.id })),
      );
      return { kind: 'live', live: { firstStartMs: first.readyMs, coldStart: cold.coldStart, idleRssMb, live, integrity } };
    }
    const { firstBoard } = cold;
    captured.page ??= firstBoard.body;
    const searched = await httpRequest(`${base}/api/leaderboard?search=${SEARCH}`, { headers: { cookie: cookieOf(1) } });
    if (searched.status !== 200) throw new Error(`search answered ${searched.status}`);
    captured.search ??= searched.body;
    await sleep(2000);
    const idleRss = await server.rssMb();
    const rss = sampleRss(server.pid);

    // The active players: sustained loads rotate over their cookies (only theirs: with 10,000 live clients, rotating over
    // every client's cookie made most requests a player's first, which is not what these figures measure).
    const cookies = Array.from({ length: options.active }, (_, i) => cookieOf(i + 1));
    const load = {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: 2,
      cookies,
      serverPid: server.pid,
    };
    log(`${kind}: leaderboard page 1 (${options.connections} connections, ${options.duration} s)`);
    const leaderboard = await runLoad({ baseUrl: base, path: '/api/leaderboard', ...load });
    log(`${kind}: leaderboard search`);
    const search = await runLoad({ baseUrl: base, path: `/api/leaderboard?search=${SEARCH}`, paths: SEARCH_PATHS, ...load });
    log(`${kind}: wrong flags from ${options.active} players`);
    const wrongFlags = await runLoad({
      baseUrl: base,
      path: `/api/challenges/${seed.rarest.id}/submit`,
      method: 'POST',
      body: WRONG_FLAG_BODY,
      ...load,
    });
    if (only === 'hot') return { kind: 'hot', hot: { leaderboard, search, wrongFlags } };

    const live = await liveStep(kind, server, seed.secondRarest, liveUsers);

    const burstOutcome = await burstStep(kind, server, seed.rarest, burstUsers);
    // After the other solve figures: a dynamic value changes the points of thousands of players.
    const dynamic = await dynamicStep(kind, server, env, dynamicTarget, dynamicUsers);
    const peakRss = rss.stop();
    // Last, since its 200 new challenges would change the figures above.
    const catalogue = await catalogueStep(kind, server, env);

    const integrity = await stopAndCheck(server, [
      ...burstOutcome.acknowledged.map((i) => ({ userIndex: i, challengeId: seed.rarest.id })),
      ...liveUsers.map((i) => ({ userIndex: i, challengeId: seed.secondRarest.id })),
      ...dynamicAcknowledged(dynamic),
    ]);
    log(`${kind}: integrity ${integrityOk(integrity) ? 'ok' : 'BROKEN'} ${JSON.stringify(integrity)}`);

    const pass: PassResult = {
      database: kind,
      seed: { users: options.users, solves: options.solves, seconds: seed.seconds },
      firstStartMs: first.readyMs,
      coldStart: cold.coldStart,
      rssMb: { idle: idleRss, peak: Math.max(peakRss, idleRss) },
      leaderboard,
      search,
      wrongFlags,
      burst: burstOutcome.burst,
      live,
      integrity,
      catalogue,
      dynamic,
    };
    return { kind: 'full', pass };
  } finally {
    await server?.stop();
    await store.remove();
  }
}
