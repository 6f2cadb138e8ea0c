import type { CatalogueResult } from './catalogue.js';
import { type DynamicResult, dynamicToStatic, type SolveSeries } from './dynamic.js';
import type { IntegrityReport } from './seed.js';
import type { LiveResult, LoadResult } from './load.js';

export interface PassResult {
  database: 'postgres' | 'pglite';
  seed: { users: number; solves: number; seconds: number };
  firstStartMs: number;
  coldStart: { healthMs: number; leaderboardMs: number };
  rssMb: { idle: number; peak: number };
  leaderboard: LoadResult;
  search: LoadResult;
  wrongFlags: LoadResult;
  burst: {
    count: number;
    acknowledged: number;
    throughput: number;
    elapsedMs: number;
    p50Ms: number;
    p99Ms: number;
    statusCodes: Record<string, number>;
    errors: number;
  };
  live: LiveResult;
  integrity: IntegrityReport;
  /** The import of 200 challenges and the challenge list and detail (bench/lib/catalogue.ts). */
  catalogue: CatalogueResult;
  /** Correct flags on a dynamic challenge with about 5,000 solvers (bench/lib/dynamic.ts). */
  dynamic?: DynamicResult;
}

export interface BareResult {
  leaderboard: LoadResult;
  search: LoadResult;
  wrongFlags: LoadResult;
  /** The burst's requests (new connections, all at once), answered by the bare server. */
  burst?: SolveSeries;
  /** The dynamic figure's requests, answered by the bare server. */
  dynamic?: { sequential: SolveSeries; burst: SolveSeries };
}

const GOALS = {
  leaderboardRatio: 0.7,
  leaderboardP99Ms: 25,
  submissionsRatio: 0.2,
  liveP99Ms: 1000,
  coldStartMs: 3000,
} as const;

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—';
const ratio = (value: number, limit: number) => (limit > 0 ? `${fmt(value / limit, 2)}x` : '—');
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export function integrityOk(i: IntegrityReport): boolean {
  return i.scoreMismatches === 0 && i.doubledSolves === 0 && i.missingAcknowledged === 0 && (i.ledgerMismatches ?? 0) === 0;
}

/** One row per figure: each database's value (and its ratio to bare Node where one exists), bare Node, the goal. */
export function renderTable(passes: PassResult[], bare: BareResult | undefined): string {
  const header = ['figure', ...passes.flatMap((p) => [p.database, 'vs bare']), 'bare Node', 'goal'];
  const rows: string[][] = [];
  const add = (
    label: string,
    value: (p: PassResult) => number,
    options: { digits?: number; bare?: number; goal?: string; check?: (p: PassResult) => boolean } = {},
  ) => {
    rows.push([
      label,
      ...passes.flatMap((p) => {
        const v = value(p);
        const shown = fmt(v, options.digits ?? 0) + (options.check ? ` ${mark(options.check(p))}` : '');
        return [shown, options.bare !== undefined ? ratio(v, options.bare) : ''];
      }),
      options.bare !== undefined ? fmt(options.bare, options.digits ?? 0) : '',
      options.goal ?? '',
    ]);
  };
  const b = bare;
  add('leaderboard page 1, req/s (64 conn.)', (p) => p.leaderboard.requestsPerSecond, {
    ...(b ? { bare: b.leaderboard.requestsPerSecond } : {}),
    goal: `>= ${GOALS.leaderboardRatio}x bare`,
    ...(b
      ? { check: (p: PassResult) => p.leaderboard.requestsPerSecond >= GOALS.leaderboardRatio * b.leaderboard.requestsPerSecond }
      : {}),
  });
  add('  p50 ms', (p) => p.leaderboard.p50Ms, { digits: 1, ...(b ? { bare: b.leaderboard.p50Ms } : {}) });
  add('  p99 ms', (p) => p.leaderboard.p99Ms, {
    digits: 1,
    ...(b ? { bare: b.leaderboard.p99Ms } : {}),
    goal: `<= ${GOALS.leaderboardP99Ms} ms`,
    check: (p) => p.leaderboard.p99Ms <= GOALS.leaderboardP99Ms,
  });
  add('  server CPU µs/req (lower = better)', (p) => p.leaderboard.serverCpuUsPerRequest, {
    ...(b ? { bare: b.leaderboard.serverCpuUsPerRequest } : {}),
  });
  add('leaderboard search, req/s (64 conn.)', (p) => p.search.requestsPerSecond, {
    ...(b ? { bare: b.search.requestsPerSecond } : {}),
    goal: `>= ${GOALS.leaderboardRatio}x bare`,
    ...(b ? { check: (p: PassResult) => p.search.requestsPerSecond >= GOALS.leaderboardRatio * b.search.requestsPerSecond } : {}),
  });
  add('  p50 ms', (p) => p.search.p50Ms, { digits: 1, ...(b ? { bare: b.search.p50Ms } : {}) });
  add('  p99 ms', (p) => p.search.p99Ms, {
    digits: 1,
    ...(b ? { bare: b.search.p99Ms } : {}),
    goal: `<= ${GOALS.leaderboardP99Ms} ms`,
    check: (p) => p.search.p99Ms <= GOALS.leaderboardP99Ms,
  });
  add('  server CPU µs/req', (p) => p.search.serverCpuUsPerRequest, { ...(b ? { bare: b.search.serverCpuUsPerRequest } : {}) });
  add('wrong flags, req/s (64 conn.)', (p) => p.wrongFlags.requestsPerSecond, {
    ...(b ? { bare: b.wrongFlags.requestsPerSecond } : {}),
    goal: `>= ${GOALS.submissionsRatio}x bare`,
    ...(b
      ? { check: (p: PassResult) => p.wrongFlags.requestsPerSecond >= GOALS.submissionsRatio * b.wrongFlags.requestsPerSecond }
      : {}),
  });
  add('  p50 ms', (p) => p.wrongFlags.p50Ms, { digits: 1, ...(b ? { bare: b.wrongFlags.p50Ms } : {}) });
  add('  p99 ms', (p) => p.wrongFlags.p99Ms, { digits: 1, ...(b ? { bare: b.wrongFlags.p99Ms } : {}) });
  add('  server CPU µs/req', (p) => p.wrongFlags.serverCpuUsPerRequest, {
    ...(b ? { bare: b.wrongFlags.serverCpuUsPerRequest } : {}),
  });
  const bb = b?.burst;
  add('burst of correct flags, solves/s', (p) => p.burst.throughput, { ...(bb ? { bare: bb.throughput } : {}), goal: 'report' });
  add('  acknowledged', (p) => p.burst.acknowledged, { goal: 'all', check: (p) => p.burst.acknowledged === p.burst.count });
  add('  p50 ms', (p) => p.burst.p50Ms, { digits: 0, ...(bb ? { bare: bb.p50Ms } : {}) });
  add('  p99 ms', (p) => p.burst.p99Ms, { digits: 0, ...(bb ? { bare: bb.p99Ms } : {}) });
  add(
    '  integrity after (0 = ok)',
    (p) => p.integrity.scoreMismatches + p.integrity.doubledSolves + p.integrity.missingAcknowledged,
    {
      goal: 'none broken',
      check: (p) => integrityOk(p.integrity),
    },
  );
  if (passes.some((p) => p.dynamic)) {
    const d = (p: PassResult, pick: (r: DynamicResult) => number) => (p.dynamic ? pick(p.dynamic) : NaN);
    const bd = b?.dynamic;
    add(
      'static flag on a challenge of ~5,000 solvers: one by one, solves/s',
      (p) => d(p, (r) => r.static?.sequential.throughput ?? NaN),
      {
        digits: 1,
        ...(bd ? { bare: bd.sequential.throughput } : {}),
        goal: 'report',
      },
    );
    add('    p50 ms', (p) => d(p, (r) => r.static?.sequential.p50Ms ?? NaN), {
      digits: 1,
      ...(bd ? { bare: bd.sequential.p50Ms } : {}),
    });
    add('    p99 ms', (p) => d(p, (r) => r.static?.sequential.p99Ms ?? NaN), {
      digits: 1,
      ...(bd ? { bare: bd.sequential.p99Ms } : {}),
    });
    add('  all at once, solves/s', (p) => d(p, (r) => r.static?.burst.throughput ?? NaN), {
      digits: 1,
      ...(bd ? { bare: bd.burst.throughput } : {}),
      goal: 'report',
    });
    add('    p99 ms', (p) => d(p, (r) => r.static?.burst.p99Ms ?? NaN), { digits: 1, ...(bd ? { bare: bd.burst.p99Ms } : {}) });
    add(`dynamic scoring: make that challenge dynamic, ms`, (p) => d(p, (r) => r.switchMs), { goal: 'report' });
    add('  solvers of that challenge', (p) => d(p, (r) => r.solvers));
    add('  correct flags one by one, solves/s', (p) => d(p, (r) => r.sequential.throughput), {
      digits: 1,
      ...(bd ? { bare: bd.sequential.throughput } : {}),
      goal: 'report',
    });
    add('    p50 ms', (p) => d(p, (r) => r.sequential.p50Ms), { digits: 1, ...(bd ? { bare: bd.sequential.p50Ms } : {}) });
    add('    p99 ms', (p) => d(p, (r) => r.sequential.p99Ms), { digits: 1, ...(bd ? { bare: bd.sequential.p99Ms } : {}) });
    add('  correct flags all at once, solves/s', (p) => d(p, (r) => r.burst.throughput), {
      digits: 1,
      ...(bd ? { bare: bd.burst.throughput } : {}),
      goal: 'report',
    });
    add('    p50 ms', (p) => d(p, (r) => r.burst.p50Ms), { digits: 1, ...(bd ? { bare: bd.burst.p50Ms } : {}) });
    add('    p99 ms', (p) => d(p, (r) => r.burst.p99Ms), { digits: 1, ...(bd ? { bare: bd.burst.p99Ms } : {}) });
    add('    acknowledged', (p) => d(p, (r) => r.sequential.acknowledged + r.burst.acknowledged), {
      goal: 'all',
      check: (p) =>
        !p.dynamic ||
        p.dynamic.sequential.acknowledged + p.dynamic.burst.acknowledged === p.dynamic.sequential.count + p.dynamic.burst.count,
    });
    const ratios = (p: PassResult) => (p.dynamic ? dynamicToStatic(p.dynamic) : undefined);
    add('  dynamic / static, one by one p50', (p) => ratios(p)?.oneByOneP50 ?? NaN, {
      digits: 2,
      goal: '<= 1.5x',
      check: (p) => (ratios(p)?.oneByOneP50 ?? Infinity) <= 1.5,
    });
    add('  dynamic / static, all at once (time per solve)', (p) => ratios(p)?.atOnceCost ?? NaN, {
      digits: 2,
      goal: '<= 1.5x',
      check: (p) => (ratios(p)?.atOnceCost ?? Infinity) <= 1.5,
    });
    add('    s until the server had counted every flag sent', (p) => d(p, (r) => r.drain.ms / 1000), {
      digits: 1,
      goal: 'all counted',
      check: (p) => !p.dynamic || p.dynamic.drain.solvers >= p.dynamic.drain.expected,
    });
  }
  add('live: SSE clients connected', (p) => p.live.connected, { goal: 'all', check: (p) => p.live.connected === p.live.clients });
  add('  solve -> client p50 ms', (p) => p.live.p50Ms, { digits: 1 });
  add('  solve -> client p99 ms', (p) => p.live.p99Ms, {
    digits: 1,
    goal: `< ${GOALS.liveP99Ms} ms`,
    check: (p) => p.live.p99Ms < GOALS.liveP99Ms && p.live.delivered === p.live.expected,
  });
  add('  deliveries missed', (p) => p.live.expected - p.live.delivered, { goal: '0' });
  add('  server RSS with the streams open, MB', (p) => p.live.memory?.rssOpenMb ?? NaN);
  add('  server memory per client: RSS KB', (p) => p.live.memory?.rssPerClientKb ?? NaN, { digits: 1, goal: 'report' });
  add('  server memory per client: heap KB', (p) => p.live.memory?.heapPerClientKb ?? NaN, { digits: 1, goal: 'report' });
  add('RSS idle, MB', (p) => p.rssMb.idle);
  add('RSS peak under load, MB', (p) => p.rssMb.peak);
  add('cold start to first 200 (health), ms', (p) => p.coldStart.healthMs, {
    goal: `<= ${GOALS.coldStartMs} ms`,
    check: (p) => p.coldStart.healthMs <= GOALS.coldStartMs,
  });
  add('  to first leaderboard 200, ms', (p) => p.coldStart.leaderboardMs, { goal: 'report' });
  add('first start on an empty store, ms', (p) => p.firstStartMs, { goal: 'report' });
  add('seed by bulk SQL, s', (p) => p.seed.seconds, { digits: 1 });

  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
