// `npm run bench`: builds the server, starts it in production mode on PostgreSQL and on PGlite, seeds a competition by
// bulk SQL, measures it under load, measures a bare Node server returning the same bytes, prints one table and writes
// the figures to bench/results/<date>.json. It reports; it does not fail on a missed goal. See docs/performance.md.
// Options: bench/lib/options.ts (--help); one database's pass: bench/lib/pass.ts; the bare server: bench/lib/bare.ts.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

import { runBare, runBareBurst, runBareDynamic, runBareFastifyHot, runBareHot, runBareTeams } from './lib/bare.js';
import { type CatalogueResult, renderCatalogue } from './lib/catalogue.js';
import {
  challengeInstancesUnavailable,
  type ChallengeInstancesResult,
  renderChallengeInstances,
  runChallengeInstances,
} from './lib/challenge-instances.js';
import { type DynamicResult, renderDynamic } from './lib/dynamic.js';
import { type EventStartResult, renderEventStart } from './lib/event-start.js';
import { renderInstances, runInstancesScenario } from './lib/instances.js';
import {
  adminUrl,
  args,
  BENCH_DB,
  cookieOf,
  type DatabaseKind,
  HELP,
  kinds,
  log,
  options,
  previousEntry,
  root,
  serverEntry,
  serverEnv,
} from './lib/options.js';
import { renderLive } from './lib/live-report.js';
import { type Captured, type HotFigures, type LiveFigure, runPass } from './lib/pass.js';
import { integrityOk, type PassResult, renderTable } from './lib/report.js';
import { machine, writeResults } from './lib/results.js';
import type { IntegrityReport } from './lib/seed.js';
import { openPostgres } from './lib/sql-runner.js';
import { measureLedger, renderLedger } from './lib/ledger.js';
import { renderTeams, TEAM_SIZE, type TeamsResult } from './lib/teams.js';

/** PostgreSQL answers at `adminUrl`, or the reason it does not. */
async function postgresUnreachable(): Promise<string | undefined> {
  try {
    const probe = await openPostgres(adminUrl);
    await probe.close();
    return undefined;
  } catch (error) {
    return `PostgreSQL unreachable at ${adminUrl}: ${(error as Error).message}`;
  }
}

async function main(): Promise<void> {
  if (args.help) {
    console.log(HELP);
    return;
  }
  const started = performance.now();
  if (args.only === 'ledger') {
    const figure = measureLedger(options.users, options.solves);
    console.log(`\n${renderLedger(figure)}`);
    await writeResults('-ledger', { ledger: figure }, started);
    return;
  }
  if (!args['no-build'] && !args['server-entry']) {
    log('building the server (npm run build -w @drapeau/server)');
    const build = spawnSync('npm', ['run', 'build', '-w', '@drapeau/server'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (args.scenario === 'instances') {
    await instancesMain(started);
    return;
  }
  if (args.only === 'challenge-instances') {
    const result = await measureChallengeInstances(skippedFigures);
    if (result) console.log(`\n${renderChallengeInstances(result)}`);
    await writeResults('-challenge-instances', { challengeInstances: result, skipped: skippedFigures }, started);
    return;
  }
  const captured: Partial<Captured> = {};
  const passes: PassResult[] = [];
  const catalogueResults: Partial<Record<DatabaseKind, CatalogueResult>> = {};
  const dynamicResults: Partial<Record<DatabaseKind, { dynamic: DynamicResult; integrity: IntegrityReport }>> = {};
  const burstResults: Partial<Record<DatabaseKind, { burst: PassResult['burst']; integrity: IntegrityReport }>> = {};
  const skipped: Record<string, string> = {};
  const teamsResults: Partial<Record<DatabaseKind, TeamsResult>> = {};
  const teamsCaptured: Partial<Captured> = {};
  const liveResults: Partial<Record<DatabaseKind, LiveFigure>> = {};
  const hotResults: Partial<Record<DatabaseKind, HotFigures>> = {};
  const eventStarts: EventStartRun[] = [];
  const loadAverageBefore = os.loadavg();
  for (const kind of kinds) {
    if (kind === 'postgres') {
      const unreachable = await postgresUnreachable();
      if (unreachable) {
        skipped.postgres = unreachable;
        log(`skipping PostgreSQL: ${unreachable}`);
        continue;
      }
    }
    const outcome = await runPass(kind, captured);
    if (outcome.kind === 'full') passes.push(outcome.pass);
    else if (outcome.kind === 'teams') teamsResults[kind] = outcome.teams;
    else if (outcome.kind === 'live') liveResults[kind] = outcome.live;
    else if (outcome.kind === 'hot') hotResults[kind] = outcome.hot;
    else if (outcome.kind === 'catalogue') catalogueResults[kind] = outcome.catalogue;
    else if (outcome.kind === 'burst') burstResults[kind] = { burst: outcome.burst, integrity: outcome.integrity };
    else if (outcome.kind === 'dynamic') dynamicResults[kind] = { dynamic: outcome.dynamic, integrity: outcome.integrity };
    else {
      eventStarts.push({ build: 'this build', database: kind, result: outcome.eventStart, integrity: outcome.integrity });
      // A pass lasts as long as thousands of password checks: its figure is printed as it ends, not only with the others.
      log(renderEventStartRun(eventStarts[eventStarts.length - 1]!));
    }
  }
  if (args.only === 'event-start') {
    await eventStartMain(eventStarts, skipped, started);
    return;
  }
  if (args.only === 'dynamic') {
    const bare = await runBareDynamic();
    console.log(`\nDrapeau dynamic-scoring benchmark — ${os.cpus().length} cores, Node ${process.version}`);
    for (const [kind, result] of Object.entries(dynamicResults))
      console.log(renderDynamic(kind, result.dynamic, bare, result.integrity));
    await writeResults('-dynamic', { dynamic: dynamicResults, bare: { dynamic: bare } }, started);
    return;
  }
  if (args.only === 'burst') {
    const bare = await runBareBurst();
    console.log(
      `\nDrapeau burst benchmark — ${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (const [kind, { burst, integrity }] of Object.entries(burstResults))
      console.log(
        `${kind}: ${burst.count} correct flags at once: ${burst.throughput.toFixed(0)} solves/s, p50 ${burst.p50Ms.toFixed(0)} ms, ` +
          `p99 ${burst.p99Ms.toFixed(0)} ms, ${burst.acknowledged} acknowledged, statuses ${JSON.stringify(burst.statusCodes)}, ` +
          `${burst.errors} errors; integrity ${integrityOk(integrity) ? 'ok' : 'BROKEN'} ${JSON.stringify(integrity)}; ` +
          `${(burst.throughput / bare.throughput).toFixed(2)}x bare Node`,
      );
    console.log(
      `bare Node: the same ${bare.count} requests at once: ${bare.throughput.toFixed(0)} answers/s, p50 ${bare.p50Ms.toFixed(0)} ms, ` +
        `p99 ${bare.p99Ms.toFixed(0)} ms`,
    );
    await writeResults('-burst', { burst: burstResults, bare: { burst: bare } }, started);
    return;
  }
  if (args.only === 'live') {
    console.log(
      `\nDrapeau live-clients benchmark — ${os.cpus().length} cores, Node ${process.version}; load average ` +
        `${loadAverageBefore.map((l) => l.toFixed(1)).join(' ')} at the start, ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} at the end`,
    );
    console.log(
      `${options.users} users, ${options.solves} solves; ${options.sseClients} SSE clients${options.small ? ' (--small: a check, not a measure)' : ''}\n`,
    );
    for (const [kind, result] of Object.entries(liveResults)) console.log(renderLive(kind, result));
    await writeResults('-live', { live: liveResults, loadAverageBefore, loadAverageAfter: os.loadavg() }, started);
    return;
  }
  if (args.only === 'hot') {
    await hotMain(hotResults, captured, loadAverageBefore, started);
    return;
  }
  if (args.only === 'teams') {
    await teamsMain(teamsResults, captured, started);
    return;
  }
  if (args.only === 'catalogue') {
    console.log(`\nDrapeau catalogue benchmark — ${os.cpus().length} cores, Node ${process.version}`);
    for (const [kind, result] of Object.entries(catalogueResults)) console.log(renderCatalogue(kind, result));
    await writeResults('-catalogue', { catalogue: catalogueResults }, started);
    return;
  }
  const bare = captured.page && captured.search ? await runBare(captured as Captured) : undefined;
  // The team-mode figure, last: its own pass per database (a fresh seed turned into teams, docs/performance.md#team-mode).
  for (const kind of kinds) {
    if (skipped[kind]) continue;
    const outcome = await runPass(kind, teamsCaptured, 'teams');
    if (outcome.kind === 'teams') teamsResults[kind] = outcome.teams;
  }
  const teamsBare =
    teamsCaptured.page && teamsCaptured.search
      ? await runBareTeams(teamsCaptured as Captured, Math.ceil(options.users / TEAM_SIZE))
      : undefined;

  // The event-start figure, after the team figure: its own fresh seed per database and build.
  await runEventStarts(eventStarts, skipped);
  // The challenge instances' figure, last: it runs containers, not the server (docs/performance.md#challenge-instances).
  const challengeInstances = await measureChallengeInstances(skipped);

  const table = renderTable(passes, bare);
  console.log(`\nDrapeau benchmark — ${os.cpus().length} cores (${machine().model ?? '?'}), Node ${process.version}`);
  console.log(
    `${options.users} users, ${options.solves} solves; loads: ${options.connections} connections × ${options.duration} s; ` +
      `${options.active} active players; ${options.sseClients} SSE clients; burst of ${options.burst}; ` +
      `server LOG_LEVEL=${options.logLevel}${options.small ? ' (--small: a check, not a measure)' : ''}\n`,
  );
  console.log(table);
  for (const pass of passes) console.log(renderCatalogue(pass.database, pass.catalogue));
  for (const [kind, result] of Object.entries(teamsResults)) console.log(renderTeams(kind, result, teamsBare));
  for (const run of eventStarts) console.log(renderEventStartRun(run));
  if (challengeInstances) console.log(renderChallengeInstances(challengeInstances));
  await writeResults(
    options.small ? '-small' : '',
    {
      skipped,
      bare,
      passes,
      teams: teamsResults,
      teamsBare,
      eventStarts,
      challengeInstances,
    },
    started,
  );
}

/** --only=hot: page 1, search and wrong flags on each database, then on the bare Node server, as in a full run. */
async function hotMain(
  results: Partial<Record<DatabaseKind, HotFigures>>,
  captured: Partial<Captured>,
  loadAverageBefore: number[],
  started: number,
): Promise<void> {
  const bare = captured.page && captured.search ? await runBareHot(captured as Captured) : undefined;
  const bareFastify = captured.page && captured.search ? await runBareFastifyHot(captured as Captured) : undefined;
  const loadAverage = (values: number[]) => values.map((l) => l.toFixed(1)).join(' ');
  console.log(
    `\nDrapeau hot-path benchmark — ${os.cpus().length} cores, Node ${process.version}; load average ` +
      `${loadAverage(loadAverageBefore)} at the start, ${loadAverage(os.loadavg())} at the end\n`,
  );
  const line = (label: string, r: HotFigures[keyof HotFigures], b?: HotFigures[keyof HotFigures]) =>
    `${label.padEnd(33)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s` +
    (b ? ` (${(r.requestsPerSecond / b.requestsPerSecond).toFixed(2)}x)` : '') +
    `, p99 ${r.p99Ms} ms, ${r.serverCpuUsPerRequest.toFixed(0)} µs CPU/req` +
    (b ? ` (${(r.serverCpuUsPerRequest / b.serverCpuUsPerRequest).toFixed(2)}x)` : '') +
    `, non-2xx ${r.non2xx}`;
  // Ratios to bare Node; bare Fastify (the framework alone) shows how much of the distance is the framework's.
  const rows = [...Object.entries(results), ...(bareFastify ? [['bare Fastify', bareFastify] as const] : [])];
  for (const [kind, r] of [...rows, ...(bare ? [['bare Node', bare] as const] : [])]) {
    const b = kind === 'bare Node' ? undefined : bare;
    console.log(line(`${kind}: leaderboard page 1`, r.leaderboard, b?.leaderboard));
    console.log(line(`${kind}: leaderboard search`, r.search, b?.search));
    console.log(line(`${kind}: wrong flags`, r.wrongFlags, b?.wrongFlags));
  }
  await writeResults('-hot', { hot: results, bare, bareFastify, loadAverageBefore, loadAverageAfter: os.loadavg() }, started);
}

/** --only=teams: the team-mode figure alone, beside the bare Node server answering the same bytes. */
async function teamsMain(
  results: Partial<Record<DatabaseKind, TeamsResult>>,
  captured: Partial<Captured>,
  started: number,
): Promise<void> {
  const teams = Math.ceil(options.users / TEAM_SIZE);
  const bare = captured.page && captured.search ? await runBareTeams(captured as Captured, teams) : undefined;
  console.log(`\nDrapeau team-mode benchmark — ${os.cpus().length} cores, Node ${process.version}`);
  console.log(
    `${teams} teams of 5 (${options.users} players); loads: ${options.connections} connections × ${options.duration} s; ` +
      `${options.sseClients} SSE clients${options.small ? ' (--small: a check, not a measure)' : ''}\n`,
  );
  for (const [kind, result] of Object.entries(results)) console.log(renderTeams(kind, result, bare));
  await writeResults('-teams', { teams: results, bare }, started);
}

/** The challenge instances' figure (bench/lib/challenge-instances.ts), or why it is skipped (printed, and in `skipped`). */
const skippedFigures: Record<string, string> = {};
async function measureChallengeInstances(skipped: Record<string, string>): Promise<ChallengeInstancesResult | undefined> {
  const unavailable = challengeInstancesUnavailable();
  if (unavailable) {
    skipped.challengeInstances = unavailable;
    log(`skipping the challenge instances' figure: ${unavailable}`);
    return undefined;
  }
  return runChallengeInstances({ log });
}

interface EventStartRun {
  build: string;
  database: DatabaseKind;
  result: EventStartResult;
  integrity: IntegrityReport;
}

const renderEventStartRun = (run: EventStartRun) =>
  renderEventStart(
    `${run.database}, ${run.build}`,
    run.result,
    run.integrity.scoreMismatches + (run.integrity.ledgerMismatches ?? 0),
  );

/**
 * The event-start figure on each database: this build (unless `runs` has it already), then the --previous-entry build,
 * each on a fresh seed, in the same run.
 */
async function runEventStarts(runs: EventStartRun[], skipped: Record<string, string>): Promise<void> {
  const builds: [string, string][] = [['this build', serverEntry]];
  if (previousEntry) builds.push(['previous build', previousEntry]);
  for (const kind of kinds) {
    if (skipped[kind]) continue;
    for (const [build, entry] of builds) {
      if (runs.some((r) => r.database === kind && r.build === build)) continue;
      const outcome = await runPass(kind, {}, 'event-start', entry);
      if (outcome.kind === 'event-start') {
        runs.push({ build, database: kind, result: outcome.eventStart, integrity: outcome.integrity });
        log(renderEventStartRun(runs[runs.length - 1]!));
      }
    }
  }
}

/** --only=event-start: this build's figure, then the previous build's, on each database. */
async function eventStartMain(runs: EventStartRun[], skipped: Record<string, string>, started: number): Promise<void> {
  await runEventStarts(runs, skipped);
  console.log(
    `\nDrapeau event-start benchmark — ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end\n`,
  );
  if (previousEntry) console.log(`previous build: ${previousEntry}`);
  for (const run of runs) console.log(renderEventStartRun(run));
  await writeResults('-event-start', { eventStarts: runs, previousEntry, skipped }, started);
}

/** --scenario=instances (bench/lib/instances.ts). */
async function instancesMain(started: number): Promise<void> {
  const loadBefore = os.loadavg()[0];
  const result = await runInstancesScenario({
    root,
    adminUrl,
    databaseName: BENCH_DB,
    entry: serverEntry,
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

// The run ends once its results are written: on PostgreSQL it stayed alive and idle afterwards (no handle, timer or
// child left that `process.getActiveResourcesInfo()` lists), which stalled scripts that chain several runs.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
