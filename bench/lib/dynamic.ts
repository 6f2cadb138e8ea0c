import { adminCookie, originOf } from './catalogue.js';
import { httpRequest, percentile, sleep } from './http-client.js';
import { type BurstRequest, runBurst } from './load.js';
import type { SeededChallenge } from './seed.js';

/**
 * CTFd's linear decay, one point per solve from a high start: every solve changes the value, so every solve moves the
 * points of every earlier solver (docs/product.md#scoring, retroactive), and none reaches the minimum in the benchmark.
 */
const BENCH_DYNAMIC_SCORING = { type: 'dynamic', initial: 20_000, decay: 1, minimum: 100, function: 'linear' } as const;

/** An admin makes challenge `id` dynamic (BENCH_DYNAMIC_SCORING); returns how long the edit took, in ms. */
export async function makeDynamic(baseUrl: string, adminCookie: string, id: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/challenges/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: originOf(baseUrl), cookie: adminCookie },
    body: JSON.stringify({ scoring: BENCH_DYNAMIC_SCORING }),
  });
  if (response.status !== 200) throw new Error(`making ${id} dynamic answered ${response.status}: ${await response.text()}`);
  return performance.now() - started;
}

export interface SolveSeries {
  count: number;
  /** Solves per second over the whole series (first send to last answer). */
  throughput: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers 200 with `status: correct` (the bare server answers 200 without one: there, every 200 counts). */
  acknowledged: number;
  /** What the answers were: HTTP statuses, `errors` (no answer), and the `status` of each 200. */
  outcomes?: Record<string, number>;
}

export interface DynamicResult {
  challengeId: string;
  /** Solvers of the challenge when the measure starts (the seed's closest to 5,000). */
  solvers: number;
  /** The admin edit that makes it dynamic: one recompute of every solver's points. */
  switchMs: number;
  /** Correct flags one after another: the cost of one solve without contention. */
  sequential: SolveSeries;
  /** Correct flags all at once: they queue on the challenge's row lock, one recompute each. */
  burst: SolveSeries;
  /**
   * The same two series on the same challenge while it was still static, just before the switch (as many flags, other
   * players): what a dynamic solve is compared to (issue #35: dynamic at most 1.5x static).
   */
  static?: { sequential: SolveSeries; burst: SolveSeries };
  /** The players (1-based seed indices) whose solve was acknowledged, for the integrity check. */
  acknowledgedPlayers: number[];
  /**
   * After the burst: milliseconds until the server had counted every flag sent (a flag whose answer the client gave up
   * on is still queued on the challenge's row lock, and still solves), and the solvers then.
   */
  drain: { ms: number; solvers: number; expected: number };
}

/**
 * Waits until the challenge's solve count (as players see it) reaches `expected`, or stops moving for `quietMs`.
 * A burst whose answers take longer than the client waits (at 5,000 solvers, 200 flags queue for minutes) leaves its
 * flags queued in the server: the next figure must not start before they are done, or it measures them (and a request
 * that needs the database waits behind them: the catalogue's sign-in did, past the server's socket timeout).
 */
async function waitForSolveCount(options: {
  baseUrl: string;
  challengeId: string;
  cookie: string;
  expected: number;
  quietMs?: number;
  deadlineMs?: number;
}): Promise<{ ms: number; solvers: number }> {
  const started = performance.now();
  const quietMs = options.quietMs ?? 30_000;
  const deadline = started + (options.deadlineMs ?? 15 * 60_000);
  let last = -1;
  let lastChange = started;
  for (;;) {
    const answer = await httpRequest(`${options.baseUrl}/api/challenges/${options.challengeId}`, {
      headers: { cookie: options.cookie },
      timeoutMs: 60_000,
    });
    if (answer.status !== 200) throw new Error(`challenge detail answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const solvers = (JSON.parse(answer.body) as { solveCount: number }).solveCount;
    const now = performance.now();
    if (solvers !== last) {
      last = solvers;
      lastChange = now;
    }
    if (solvers >= options.expected || now - lastChange > quietMs || now > deadline) return { ms: now - started, solvers };
    await sleep(250);
  }
}

/** The seeded challenge whose solver count is closest to `solvers`. */
export function pickDynamicTarget(challenges: readonly SeededChallenge[], solvers = 5000): SeededChallenge {
  return [...challenges].sort((a, b) => Math.abs(a.solvers - solvers) - Math.abs(b.solvers - solvers))[0]!;
}

/** Sends `requests` one after another (each waits for the previous answer). */
async function runSequential(baseUrl: string, requests: readonly BurstRequest[]) {
  const latencies: number[] = [];
  const bodies: string[] = [];
  const started = performance.now();
  for (const r of requests) {
    const answer = await httpRequest(baseUrl + r.path, { method: 'POST', body: r.body, headers: { cookie: r.cookie } });
    latencies.push(answer.ms);
    bodies.push(answer.status === 200 ? answer.body : '');
  }
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    bodies,
    series: (acknowledged: number): SolveSeries => ({
      count: requests.length,
      throughput: (requests.length / elapsedMs) * 1000,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      acknowledged,
    }),
  };
}

const isCorrect = (body: string) => body !== '' && (JSON.parse(body) as { status?: string }).status === 'correct';

/** `requests` one by one, then `atOnce` all at once: the two series of the figure, and who was acknowledged. */
async function runSeries(
  baseUrl: string,
  oneByOne: readonly number[],
  atOnce: readonly number[],
  requestOf: (i: number) => BurstRequest,
) {
  const sequential = await runSequential(baseUrl, oneByOne.map(requestOf));
  const sequentialOk = oneByOne.filter((_, i) => isCorrect(sequential.bodies[i]!));
  const burst = await runBurst<{ status: string }>(baseUrl, atOnce.map(requestOf));
  const burstOk = burst.answered.filter((a) => a.body.status === 'correct').map((a) => atOnce[a.index]!);
  const outcomes: Record<string, number> = { ...burst.statusCodes, errors: burst.errors };
  for (const a of burst.answered) outcomes[`200 ${a.body.status}`] = (outcomes[`200 ${a.body.status}`] ?? 0) + 1;
  return {
    sequential: sequential.series(sequentialOk.length),
    burst: {
      count: burst.count,
      throughput: burst.throughput,
      p50Ms: burst.p50Ms,
      p99Ms: burst.p99Ms,
      acknowledged: burstOk.length,
      outcomes,
    } satisfies SolveSeries,
    acknowledged: [...sequentialOk, ...burstOk],
  };
}

/**
 * The dynamic-scoring figure (docs/performance.md): players who have not solved a challenge with about 5,000 solvers
 * send its correct flag while it is static, first one at a time, then all at once; an admin makes it dynamic; then as
 * many other players do the same. `players` holds both halves (static first, when `withStatic`).
 */
export async function runDynamic(options: {
  baseUrl: string;
  admin: { email: string; password: string };
  target: SeededChallenge;
  flag: string;
  /**
   * Seed indices of players who have not solved the target. With `withStatic`, the first half sends the flag while the
   * challenge is static, the second once it is dynamic; in each half the first `sequential` go one by one, the rest at once.
   */
  players: readonly number[];
  sequential: number;
  withStatic: boolean;
  cookieOf: (index: number) => string;
}): Promise<DynamicResult> {
  const { baseUrl, target } = options;
  const requestOf = (index: number): BurstRequest => ({
    path: `/api/challenges/${target.id}/submit`,
    body: JSON.stringify({ flag: options.flag }),
    cookie: options.cookieOf(index),
  });
  const half = options.players.length / 2;
  const staticPlayers = options.withStatic ? options.players.slice(0, half) : [];
  const dynamicPlayers = options.withStatic ? options.players.slice(half) : options.players;
  const staticSeries =
    staticPlayers.length > 0
      ? await runSeries(baseUrl, staticPlayers.slice(0, options.sequential), staticPlayers.slice(options.sequential), requestOf)
      : undefined;
  if (staticSeries)
    await waitForSolveCount({
      baseUrl,
      challengeId: target.id,
      cookie: options.cookieOf(1),
      expected: target.solvers + staticPlayers.length,
    });
  const cookie = await adminCookie(baseUrl, options.admin.email, options.admin.password);
  const switchMs = await makeDynamic(baseUrl, cookie, target.id);

  const dynamic = await runSeries(
    baseUrl,
    dynamicPlayers.slice(0, options.sequential),
    dynamicPlayers.slice(options.sequential),
    requestOf,
  );
  // Every flag sent is a first solve of that player: once the server is done, the challenge has them all.
  const expected = target.solvers + options.players.length;
  const drained = await waitForSolveCount({ baseUrl, challengeId: target.id, cookie: options.cookieOf(1), expected });
  return {
    challengeId: target.id,
    solvers: target.solvers + staticPlayers.length,
    switchMs,
    sequential: dynamic.sequential,
    burst: dynamic.burst,
    ...(staticSeries ? { static: { sequential: staticSeries.sequential, burst: staticSeries.burst } } : {}),
    acknowledgedPlayers: [...(staticSeries?.acknowledged ?? []), ...dynamic.acknowledged],
    drain: { ...drained, expected },
  };
}

/** A submission the bare server answers (it parses the body, nothing more): the `index`-th player's, on its own. */
export const bareSubmission = (index: number, cookieOf: (index: number) => string): BurstRequest => ({
  path: '/api/challenges/x/submit',
  body: JSON.stringify({ flag: 'CTF{bench}' }),
  cookie: cookieOf(index + 1),
});

/** The same requests against the bare Node server (which parses each body and answers), for the ratios. */
export async function runDynamicBare(
  baseUrl: string,
  counts: { sequential: number; burst: number },
  cookieOf: (index: number) => string,
): Promise<{ sequential: SolveSeries; burst: SolveSeries }> {
  const requestOf = (index: number) => bareSubmission(index, cookieOf);
  const sequential = await runSequential(
    baseUrl,
    Array.from({ length: counts.sequential }, (_, i) => requestOf(i)),
  );
  const burst = await runBurst(
    baseUrl,
    Array.from({ length: counts.burst }, (_, i) => requestOf(i)),
  );
  return {
    sequential: sequential.series(sequential.bodies.filter((b) => b !== '').length),
    burst: {
      count: burst.count,
      throughput: burst.throughput,
      p50Ms: burst.p50Ms,
      p99Ms: burst.p99Ms,
      acknowledged: burst.answered.length,
    },
  };
}

/** --only=dynamic: the figure of one database next to the bare server's. */
export function renderDynamic(
  kind: string,
  r: DynamicResult,
  bare: { sequential: SolveSeries; burst: SolveSeries } | undefined,
  integrity: { scoreMismatches: number; doubledSolves: number; missingAcknowledged: number },
): string {
  const series = (label: string, s: SolveSeries, b: SolveSeries | undefined) =>
    `${kind}: ${label}: ${s.throughput.toFixed(1)} solves/s${b ? ` (bare Node ${b.throughput.toFixed(0)}/s, ${(s.throughput / b.throughput).toFixed(3)}x)` : ''}, ` +
    `p50 ${s.p50Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms${b ? ` (bare ${b.p50Ms.toFixed(1)} / ${b.p99Ms.toFixed(1)} ms)` : ''}, ` +
    `acknowledged ${s.acknowledged}/${s.count}${s.outcomes ? ` ${JSON.stringify(s.outcomes)}` : ''}`;
  const ratios = dynamicToStatic(r);
  return [
    ...(r.static
      ? [
          series('static, correct flags one by one', r.static.sequential, bare?.sequential),
          series('static, correct flags all at once', r.static.burst, bare?.burst),
        ]
      : []),
    `${kind}: ${r.challengeId} (${r.solvers} solvers) made dynamic in ${r.switchMs.toFixed(0)} ms`,
    series('dynamic, correct flags one by one', r.sequential, bare?.sequential),
    series('dynamic, correct flags all at once', r.burst, bare?.burst),
    ...(ratios
      ? [
          `${kind}: dynamic / static: one by one p50 ${ratios.oneByOneP50.toFixed(2)}x, at once (cost per solve) ` +
            `${ratios.atOnceCost.toFixed(2)}x (goal <= 1.5x)`,
        ]
      : []),
    `${kind}: the server counted ${r.drain.solvers}/${r.drain.expected} solvers ${(r.drain.ms / 1000).toFixed(1)} s after the burst`,
    `${kind}: after: score invariant broken for ${integrity.scoreMismatches}, doubled ${integrity.doubledSolves}, lost ${integrity.missingAcknowledged}`,
  ].join('\n');
}

/**
 * What a dynamic solve costs next to a static one on the same challenge (issue #35 asks at most 1.5x): one by one, the
 * ratio of the p50 latencies; all at once, the ratio of the time per solve (static solves/s over dynamic solves/s).
 */
export function dynamicToStatic(r: DynamicResult): { oneByOneP50: number; atOnceCost: number } | undefined {
  if (!r.static) return undefined;
  return {
    oneByOneP50: r.sequential.p50Ms / r.static.sequential.p50Ms,
    atOnceCost: r.static.burst.throughput / r.burst.throughput,
  };
}
