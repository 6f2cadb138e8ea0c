// `npm run bench`: builds the server, starts it in production mode on PostgreSQL and on PGlite, seeds a competition by
// bulk SQL, measures it under load, measures a bare Node server returning the same bytes, prints one table and writes
// the figures to bench/results/<date>.json. It reports; it does not fail on a missed goal. See docs/performance.md.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { deriveFlag } from '../apps/server/src/modules/challenges/flags.js';

import { httpRequest, sleep } from './lib/http-client.js';
import { type CatalogueResult, renderCatalogue, runCatalogue } from './lib/catalogue.js';
import { type DynamicResult, pickDynamicTarget, renderDynamic, runDynamic, runDynamicBare } from './lib/dynamic.js';
import { type BurstRequest, runBurst, runLive, runLoad } from './lib/load.js';
import { renderInstances, runInstancesScenario } from './lib/instances.js';
import { type BareResult, integrityOk, type PassResult, renderTable } from './lib/report.js';
import { checkIntegrity, type IntegrityReport, playersWithoutSolve, type SeededChallenge, seedCompetition } from './lib/seed.js';
import { freePort, type ServerProcess, sampleRss, startServer } from './lib/server-process.js';
import { sessionCookie, sessionToken, userId } from './lib/sessions.js';
import { dropPostgresDatabase, openPglite, openPostgres, recreatePostgresDatabase, type SqlRunner } from './lib/sql-runner.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    users: { type: 'string', default: '10000' },
    solves: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '64' },
    'sse-clients': { type: 'string', default: '2000' },
    active: { type: 'string', default: '2000' },
    burst: { type: 'string', default: '1000' },
    'dynamic-sequential': { type: 'string', default: '50' },
    'dynamic-burst': { type: 'string', default: '200' },
    'log-level': { type: 'string', default: 'info' },
    'no-build': { type: 'boolean', default: false },
    'server-entry': { type: 'string' },
    keep: { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'single' },
    only: { type: 'string', default: 'all' },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench -- [options]
  --db=postgres,pglite   which databases to run on (PostgreSQL from BENCH_DATABASE_URL, DATABASE_URL or
                         postgres://postgres@127.0.0.1:5432/postgres; a database drapeau_bench is created and dropped)
  --users=10000 --solves=100000   size of the seeded competition
  --duration=8           seconds of each sustained load (plus 2 s of warm-up)
  --connections=64       connections of the sustained loads
  --sse-clients=2000 --burst=1000
  --active=2000          players whose cookies the sustained loads rotate over
  --log-level=info       the server's LOG_LEVEL (production default: info)
  --no-build             use the existing apps/server/dist
  --server-entry=<main.js>  measure another build (e.g. an older commit's dist/main.js) instead of apps/server/dist
  --keep                 keep the database and data directory (paths printed)
  --scenario=single      single: every figure on one instance (both databases); instances: leaderboard reads from one
                         instance and from two behind nginx, on PostgreSQL (BENCH_DB_NAME, default drapeau_bench)
  --only=catalogue       only the catalogue figures, which every full run measures last: an import of 200 challenges
                         with 200 small files (new, unchanged, updated) and the challenge list and detail under load
                         (with the seeded players' sessions)
  --only=dynamic         only the dynamic-scoring figure (also in every full run, after the burst): a challenge with
                         about 5,000 solvers made dynamic, then correct flags on it, each changing every solver's points
  --dynamic-sequential=50 --dynamic-burst=200   its correct flags one by one, then all at once`);
  process.exit(0);
}

const options = {
  users: Number(args.users),
  solves: Number(args.solves),
  duration: Number(args.duration),
  connections: Number(args.connections),
  sseClients: Number(args['sse-clients']),
  active: Number(args.active),
  burst: Number(args.burst),
  dynamicSequential: Number(args['dynamic-sequential']),
  dynamicBurst: Number(args['dynamic-burst']),
  logLevel: args['log-level'],
};
const kinds = args.db.split(',').map((k) => k.trim()) as ('postgres' | 'pglite')[];
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = process.env.BENCH_DB_NAME ?? 'drapeau_bench';
const INSTANCE_SECRET = 'bench-instance-secret-0123456789';
const SESSION_SECRET = 'bench-session-secret-0123456789-abcdefghij';
const SEARCH = 'bench00421';
/** Searches vary like real ones: 900 different terms, each matching 10 players. */
const SEARCH_PATHS = Array.from({ length: 900 }, (_, i) => `/api/leaderboard?search=bench00${100 + i}`);
const WRONG_FLAG_BODY = JSON.stringify({ flag: 'CTF{not_the_flag}' });

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const cookieOf = (i: number) => sessionCookie(sessionToken(i), SESSION_SECRET);

function serverEnv(kind: 'postgres' | 'pglite', dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  delete env.DATABASE_URL;
  return {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(kind === 'postgres' && databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_EMAIL: 'admin@bench.invalid',
    ADMIN_USERNAME: 'benchadmin',
    ADMIN_PASSWORD: 'bench-admin-password',
    INSTANCE_SECRET,
    SESSION_SECRET,
    SUBMISSION_RATE_LIMIT: '1000000000',
    LAB_RATE_LIMIT: '1000000000',
    AUTH_IP_RATE_LIMIT: '1000000000',
    AUTH_ACCOUNT_RATE_LIMIT: '1000000000',
    LOG_LEVEL: options.logLevel,
  };
}

interface Captured {
  page: string;
  search: string;
}

const catalogueResults: Partial<Record<'postgres' | 'pglite', CatalogueResult>> = {};
const dynamicResults: Partial<Record<'postgres' | 'pglite', { dynamic: DynamicResult; integrity: IntegrityReport }>> = {};

/** The dynamic-scoring figure (bench/lib/dynamic.ts) on a running server. */
function dynamicStep(
  kind: string,
  server: ServerProcess,
  env: Record<string, string>,
  target: SeededChallenge,
  players: number[],
): Promise<DynamicResult> {
  log(`${kind}: dynamic scoring on ${target.id} (${target.solvers} solvers): ${players.length} correct flags`);
  return runDynamic({
    baseUrl: server.baseUrl,
    admin: { email: env.ADMIN_EMAIL!, password: env.ADMIN_PASSWORD! },
    target,
    flag: deriveFlag(INSTANCE_SECRET, target.id),
    players,
    sequential: options.dynamicSequential,
    cookieOf,
  });
}

/** The catalogue figures (bench/lib/catalogue.ts) on a running server, with the seeded players' sessions. */
function catalogueStep(kind: string, server: ServerProcess, env: Record<string, string>): Promise<CatalogueResult> {
  log(`${kind}: catalogue: import of 200 challenges with 200 files, then the challenge list and detail`);
  return runCatalogue({
    baseUrl: server.baseUrl,
    admin: { email: env.ADMIN_EMAIL!, password: env.ADMIN_PASSWORD! },
    load: {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: 2,
      cookies: Array.from({ length: options.active }, (_, i) => cookieOf(i + 1)),
      serverPid: server.pid,
    },
  });
}

async function runPass(kind: 'postgres' | 'pglite', captured: Partial<Captured>): Promise<PassResult | undefined> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `drapeau-bench-${kind}-`));
  const dataDir = path.join(tmp, 'data');
  const logFile = path.join(tmp, 'server.log');
  const databaseUrl = kind === 'postgres' ? await recreatePostgresDatabase(adminUrl, BENCH_DB) : undefined;
  const env = serverEnv(kind, dataDir, databaseUrl);
  const entry = args['server-entry'] ? path.resolve(args['server-entry']) : path.join(root, 'apps/server/dist/main.js');
  const openDb = (): Promise<SqlRunner> => (databaseUrl ? openPostgres(databaseUrl) : openPglite(path.join(dataDir, 'pglite')));
  let server: ServerProcess | undefined;
  try {
    log(`${kind}: first start on an empty store (migrations, catalogue, admin)`);
    const first = await startServer({ args: [entry], env, port: await freePort(), logFile });
    await first.server.stop();

    log(`${kind}: seeding ${options.users} users and ${options.solves} solves by bulk SQL`);
    const db = await openDb();
    const seed = await seedCompetition(db, { users: options.users, solves: options.solves });
    const burstUsers = await playersWithoutSolve(db, seed.rarest.id, options.burst);
    const liveUsers = await playersWithoutSolve(db, seed.secondRarest.id, 20);
    const dynamicTarget = pickDynamicTarget(seed.challenges);
    const dynamicUsers = await playersWithoutSolve(db, dynamicTarget.id, options.dynamicSequential + options.dynamicBurst);
    await db.close();
    log(
      `${kind}: seeded in ${seed.seconds.toFixed(1)} s; solvers per challenge: ${seed.challenges.map((c) => c.solvers).join(' ')}`,
    );

    if (args.only === 'catalogue') {
      const started = await startServer({ args: [entry], env, port: await freePort(), logFile });
      server = started.server;
      catalogueResults[kind] = await catalogueStep(kind, server, env);
      return undefined;
    }

    if (args.only === 'dynamic') {
      const started = await startServer({ args: [entry], env, port: await freePort(), logFile });
      server = started.server;
      const dynamic = await dynamicStep(kind, server, env, dynamicTarget, dynamicUsers);
      await server.stop();
      server = undefined;
      const check = await openDb();
      const integrity = await checkIntegrity(
        check,
        dynamic.acknowledgedPlayers.map((i) => ({ userIndex: i, challengeId: dynamic.challengeId })),
      );
      await check.close();
      dynamicResults[kind] = { dynamic, integrity };
      return undefined;
    }

    log(`${kind}: cold start on the existing store`);
    const cold = await startServer({ args: [entry], env, port: await freePort(), logFile });
    server = cold.server;
    const base = server.baseUrl;
    const firstBoard = await httpRequest(`${base}/api/leaderboard`, { headers: { cookie: cookieOf(1) } });
    if (firstBoard.status !== 200) throw new Error(`leaderboard answered ${firstBoard.status}: ${firstBoard.body.slice(0, 300)}`);
    const coldStart = { healthMs: cold.readyMs, leaderboardMs: cold.readyMs + firstBoard.ms };
    captured.page ??= firstBoard.body;
    const searched = await httpRequest(`${base}/api/leaderboard?search=${SEARCH}`, { headers: { cookie: cookieOf(1) } });
    if (searched.status !== 200) throw new Error(`search answered ${searched.status}`);
    captured.search ??= searched.body;
    await sleep(2000);
    const idleRss = await server.rssMb();
    const rss = sampleRss(server.pid);

    // The active players: sustained loads rotate over their cookies; the live-update clients are the same players.
    const cookies = Array.from({ length: Math.max(options.active, options.sseClients) }, (_, i) => cookieOf(i + 1));
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

    log(`${kind}: live updates to ${options.sseClients} SSE clients`);
    const liveFlag = JSON.stringify({ flag: deriveFlag(INSTANCE_SECRET, seed.secondRarest.id) });
    const live = await runLive({
      baseUrl: base,
      clientCookies: cookies.slice(0, options.sseClients),
      solves: liveUsers.map((i) => ({
        key: `${userId(i)}|${seed.secondRarest.id}`,
        path: `/api/challenges/${seed.secondRarest.id}/submit`,
        body: liveFlag,
        cookie: cookieOf(i),
      })),
      gapMs: 200,
    });

    log(`${kind}: burst of ${burstUsers.length} correct flags at once`);
    const burstFlag = JSON.stringify({ flag: deriveFlag(INSTANCE_SECRET, seed.rarest.id) });
    const burstRequests: BurstRequest[] = burstUsers.map((i) => ({
      path: `/api/challenges/${seed.rarest.id}/submit`,
      body: burstFlag,
      cookie: cookieOf(i),
    }));
    const burst = await runBurst<{ status: string }>(base, burstRequests);
    // After the other solve figures: a dynamic value changes the points of thousands of players.
    const dynamic = await dynamicStep(kind, server, env, dynamicTarget, dynamicUsers);
    const peakRss = rss.stop();
    // Last, since its 200 new challenges would change the figures above.
    const catalogue = await catalogueStep(kind, server, env);
    await server.stop();
    server = undefined;

    const acknowledged = [
      ...burst.answered
        .filter((a) => a.body.status === 'correct')
        .map((a) => ({ userIndex: burstUsers[a.index]!, challengeId: seed.rarest.id })),
      ...liveUsers.map((i) => ({ userIndex: i, challengeId: seed.secondRarest.id })),
      ...dynamic.acknowledgedPlayers.map((i) => ({ userIndex: i, challengeId: dynamic.challengeId })),
    ];
    const check = await openDb();
    const integrity = await checkIntegrity(check, acknowledged);
    await check.close();
    log(`${kind}: integrity ${integrityOk(integrity) ? 'ok' : 'BROKEN'} ${JSON.stringify(integrity)}`);

    return {
      database: kind,
      seed: { users: options.users, solves: options.solves, seconds: seed.seconds },
      firstStartMs: first.readyMs,
      coldStart,
      rssMb: { idle: idleRss, peak: Math.max(peakRss, idleRss) },
      leaderboard,
      search,
      wrongFlags,
      burst: {
        count: burst.count,
        acknowledged: burst.answered.filter((a) => a.body.status === 'correct').length,
        throughput: burst.throughput,
        elapsedMs: burst.elapsedMs,
        p50Ms: burst.p50Ms,
        p99Ms: burst.p99Ms,
        statusCodes: burst.statusCodes,
        errors: burst.errors,
      },
      live,
      integrity,
      catalogue,
      dynamic,
    };
  } finally {
    await server?.stop();
    if (args.keep) log(`${kind}: kept ${databaseUrl ?? dataDir} (server log: ${logFile})`);
    else {
      if (databaseUrl) await dropPostgresDatabase(adminUrl, BENCH_DB).catch(() => {});
      await rm(tmp, { recursive: true, force: true });
    }
  }
}

async function runBare(captured: Captured): Promise<BareResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'drapeau-bench-bare-'));
  try {
    const pageFile = path.join(tmp, 'page.json');
    const searchFile = path.join(tmp, 'search.json');
    await writeFile(pageFile, captured.page);
    await writeFile(searchFile, captured.search);
    const { server } = await startServer({
      args: ['--import', 'tsx', path.join(root, 'bench/bare-node-server.ts')],
      env: { ...(process.env as Record<string, string>), BARE_PAGE_FILE: pageFile, BARE_SEARCH_FILE: searchFile },
      port: await freePort(),
      logFile: path.join(tmp, 'bare.log'),
    });
    try {
      const cookies = Array.from({ length: options.active }, (_, i) => cookieOf(i + 1));
      const load = {
        connections: options.connections,
        durationSeconds: options.duration,
        warmupSeconds: 2,
        cookies,
        serverPid: server.pid,
      };
      log('bare Node: leaderboard bytes');
      const leaderboard = await runLoad({ baseUrl: server.baseUrl, path: '/api/leaderboard', ...load });
      const search = await runLoad({
        baseUrl: server.baseUrl,
        path: `/api/leaderboard?search=${SEARCH}`,
        paths: SEARCH_PATHS,
        ...load,
      });
      log('bare Node: submissions');
      const wrongFlags = await runLoad({
        baseUrl: server.baseUrl,
        path: '/api/challenges/x/submit',
        method: 'POST',
        body: WRONG_FLAG_BODY,
        ...load,
      });
      log("bare Node: the dynamic figure's submissions");
      const dynamic = await runDynamicBare(
        server.baseUrl,
        { sequential: options.dynamicSequential, burst: options.dynamicBurst },
        cookieOf,
      );
      return { leaderboard, search, wrongFlags, dynamic };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** --only=dynamic: the bare server answers the dynamic figure's requests alone. */
async function runBareDynamic() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'drapeau-bench-bare-'));
  try {
    const empty = path.join(tmp, 'empty.json');
    await writeFile(empty, '{}');
    const { server } = await startServer({
      args: ['--import', 'tsx', path.join(root, 'bench/bare-node-server.ts')],
      env: { ...(process.env as Record<string, string>), BARE_PAGE_FILE: empty, BARE_SEARCH_FILE: empty },
      port: await freePort(),
      logFile: path.join(tmp, 'bare.log'),
    });
    try {
      log("bare Node: the dynamic figure's submissions");
      return await runDynamicBare(
        server.baseUrl,
        { sequential: options.dynamicSequential, burst: options.dynamicBurst },
        cookieOf,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!args['no-build'] && !args['server-entry']) {
    log('building the server (npm run build -w @drapeau/server)');
    const build = spawnSync('npm', ['run', 'build', '-w', '@drapeau/server'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (args.scenario === 'instances') {
    await instancesMain(started);
    return;
  }
  const captured: Partial<Captured> = {};
  const passes: PassResult[] = [];
  const skipped: Record<string, string> = {};
  for (const kind of kinds) {
    if (kind === 'postgres') {
      try {
        const probe = await openPostgres(adminUrl);
        await probe.close();
      } catch (error) {
        skipped.postgres = `PostgreSQL unreachable at ${adminUrl}: ${(error as Error).message}`;
        log(`skipping PostgreSQL: ${skipped.postgres}`);
        continue;
      }
    }
    const pass = await runPass(kind, captured);
    if (pass) passes.push(pass);
  }
  if (args.only === 'dynamic') {
    const bare = await runBareDynamic();
    console.log(`\nDrapeau dynamic-scoring benchmark — ${os.cpus().length} cores, Node ${process.version}`);
    for (const [kind, result] of Object.entries(dynamicResults))
      console.log(renderDynamic(kind, result.dynamic, bare, result.integrity));
    await writeResults('-dynamic', { dynamic: dynamicResults, bare: { dynamic: bare } }, started);
    return;
  }
  if (args.only === 'catalogue') {
    console.log(`\nDrapeau catalogue benchmark — ${os.cpus().length} cores, Node ${process.version}`);
    for (const [kind, result] of Object.entries(catalogueResults)) console.log(renderCatalogue(kind, result));
    await writeResults('-catalogue', { catalogue: catalogueResults }, started);
    return;
  }
  const bare = captured.page && captured.search ? await runBare(captured as Captured) : undefined;

  const table = renderTable(passes, bare);
  console.log(`\nDrapeau benchmark — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}`);
  console.log(
    `${options.users} users, ${options.solves} solves; loads: ${options.connections} connections × ${options.duration} s; ` +
      `${options.active} active players; ${options.sseClients} SSE clients; burst of ${options.burst}; ` +
      `server LOG_LEVEL=${options.logLevel}\n`,
  );
  console.log(table);
  for (const pass of passes) console.log(renderCatalogue(pass.database, pass.catalogue));

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const file = path.join(root, 'bench/results', `${stamp}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        git,
        serverEntry: args['server-entry'] ?? 'apps/server/dist/main.js',
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: os.totalmem() / 2 ** 30, node: process.version },
        options,
        skipped,
        bare,
        passes,
        seconds: (performance.now() - started) / 1000,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nResults: ${path.relative(root, file)} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

async function writeResults(suffix: string, results: Record<string, unknown>, started: number): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const file = path.join(root, 'bench/results', `${stamp}${suffix}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: os.totalmem() / 2 ** 30,
    node: process.version,
  };
  const seconds = (performance.now() - started) / 1000;
  const load = os.loadavg();
  await writeFile(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), git, machine, loadAverage: load, options, ...results, seconds }, null, 2)}\n`,
  );
  console.log(`\nResults: ${path.relative(root, file)} (${seconds.toFixed(0)} s)`);
}

/** --scenario=instances (bench/lib/instances.ts). */
async function instancesMain(started: number): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const result = await runInstancesScenario({
    root,
    adminUrl,
    databaseName: BENCH_DB,
    entry: args['server-entry'] ? path.resolve(args['server-entry']) : path.join(root, 'apps/server/dist/main.js'),
    env: (dataDir, databaseUrl) => serverEnv('postgres', dataDir, databaseUrl),
    options,
    cookieOf,
    log,
    keep: args.keep,
  });
  console.log(
    `\nDrapeau benchmark, several instances — ${os.cpus().length} cores, Node ${process.version}, load average ${loadBefore?.toFixed(1)} before`,
  );
  console.log(`${options.users} users; ${options.connections} connections × ${options.duration} s\n`);
  console.log(renderInstances(result));
  await writeResults('-instances', { scenario: 'instances', loadAverageBefore: loadBefore, instances: result }, started);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
