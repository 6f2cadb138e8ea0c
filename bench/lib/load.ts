import http from 'node:http';

import autocannon from 'autocannon';

import { MAX_STREAMS_PER_ADDRESS } from '../../apps/server/src/modules/events/stream-limits.js';

import { httpRequest, percentile, sleep } from './http-client.js';
import { readCpuSeconds } from './server-process.js';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Server CPU (user + system) per answered request, in microseconds: steadier than req/s on a shared machine. */
  serverCpuUsPerRequest: number;
}

/**
 * Sustained load with autocannon: `connections` keep-alive connections for `durationSeconds`, each request carrying
 * the next cookie of `cookies` (the same client setup is used against the bare Node server, so ratios compare like
 * with like).
 */
export async function runLoad(options: {
  baseUrl: string;
  path: string;
  /** When set, each request takes the next of these paths instead of `path`. */
  paths?: readonly string[];
  method?: 'GET' | 'POST';
  body?: string;
  cookies: readonly string[];
  connections: number;
  durationSeconds: number;
  warmupSeconds?: number;
  /** The server's process (or processes: several instances), for its CPU time. */
  serverPid: number | readonly number[];
}): Promise<LoadResult> {
  const pids = typeof options.serverPid === 'number' ? [options.serverPid] : options.serverPid;
  const cpuOf = async () => (await Promise.all(pids.map((pid) => readCpuSeconds(pid)))).reduce((a, b) => a + b, 0);
  let next = 0;
  const headers: Record<string, string> = options.body !== undefined ? { 'content-type': 'application/json' } : {};
  const run = (durationSeconds: number) =>
    autocannon({
      url: options.baseUrl,
      connections: options.connections,
      duration: durationSeconds,
      timeout: 30,
      requests: [
        {
          method: options.method ?? 'GET',
          path: options.path,
          headers,
          ...(options.body !== undefined ? { body: options.body } : {}),
          setupRequest: (request) => {
            const cookie = options.cookies[next % options.cookies.length]!;
            const path = options.paths ? options.paths[next % options.paths.length]! : request.path;
            next += 1;
            return { ...request, ...(path !== undefined ? { path } : {}), headers: { ...request.headers, cookie } };
          },
        },
      ],
    });
  if (options.warmupSeconds) await run(options.warmupSeconds);
  const cpuBefore = await cpuOf();
  const result = await run(options.durationSeconds);
  const cpuSeconds = (await cpuOf()) - cpuBefore;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
    serverCpuUsPerRequest: (cpuSeconds * 1e6) / Math.max(1, result.requests.total),
  };
}

export interface BurstRequest {
  path: string;
  body: string;
  cookie: string;
}

export interface BurstResult<T> {
  count: number;
  /** Requests per second over the whole burst (first send to last answer). */
  throughput: number;
  elapsedMs: number;
  p50Ms: number;
  p99Ms: number;
  statusCodes: Record<string, number>;
  /** The requests answered 200, with their parsed bodies. */
  answered: { index: number; body: T }[];
  errors: number;
}

/** Sends every request at once, each on its own connection, and waits for all the answers. */
export async function runBurst<T>(baseUrl: string, requests: readonly BurstRequest[]): Promise<BurstResult<T>> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const started = performance.now();
  const settled = await Promise.allSettled(
    requests.map((r) =>
      httpRequest(baseUrl + r.path, { method: 'POST', body: r.body, headers: { cookie: r.cookie }, agent, timeoutMs: 60_000 }),
    ),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const answered: { index: number; body: T }[] = [];
  let errors = 0;
  settled.forEach((s, index) => {
    if (s.status === 'rejected') {
      errors += 1;
      return;
    }
    latencies.push(s.value.ms);
    statusCodes[s.value.status] = (statusCodes[s.value.status] ?? 0) + 1;
    if (s.value.status === 200) answered.push({ index, body: JSON.parse(s.value.body) as T });
  });
  latencies.sort((a, b) => a - b);
  return {
    count: requests.length,
    throughput: (requests.length / elapsedMs) * 1000,
    elapsedMs,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    statusCodes,
    answered,
    errors,
  };
}

export interface LiveResult {
  clients: number;
  connected: number;
  connectSeconds: number;
  solves: number;
  /** (client, solve) deliveries expected and seen. */
  expected: number;
  delivered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * The loopback address client `index` connects from: the server allows a few live streams per address
 * (docs/decisions/010-abuse-limits.md), and 2,000 players are 2,000 browsers, not one. Linux answers on all of 127.0.0.0/8.
 */
function clientAddress(index: number): string {
  const perAddress = MAX_STREAMS_PER_ADDRESS - 4;
  const n = Math.floor(index / perAddress);
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/**
 * Opens `clientCookies.length` SSE streams on GET /api/events, then sends the solves one after another and measures, at
 * every client, the time from sending a solve to receiving its `solve` event.
 */
export async function runLive(options: {
  baseUrl: string;
  clientCookies: readonly string[];
  solves: readonly (BurstRequest & { key: string })[];
  gapMs: number;
  connectConcurrency?: number;
}): Promise<LiveResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  const requests: http.ClientRequest[] = [];
  let connected = 0;

  const open = (cookie: string, index: number) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${options.baseUrl}/api/events`,
        { agent, headers: { cookie, accept: 'text/event-stream' }, localAddress: clientAddress(index) },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`SSE answered ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          let buffer = '';
          let ready = false;
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end !== -1) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
              if (!ready && frame.includes(': connected')) {
                ready = true;
                connected += 1;
                resolve();
              }
              if (!frame.startsWith('event: solve\n')) continue;
              const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as { userId: string; challengeId: string };
              const sent = sentAt.get(`${data.userId}|${data.challengeId}`);
              if (sent !== undefined) delays.push(performance.now() - sent);
            }
          });
          res.on('error', () => {});
        },
      );
      req.on('error', reject);
      requests.push(req);
    });

  const connectStarted = performance.now();
  const concurrency = options.connectConcurrency ?? 100;
  let failed = 0;
  for (let i = 0; i < options.clientCookies.length; i += concurrency) {
    const batch = options.clientCookies.slice(i, i + concurrency).map((cookie, j) => open(cookie, i + j));
    for (const r of await Promise.allSettled(batch)) if (r.status === 'rejected') failed += 1;
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await sleep(500);

  const submitAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  for (const solve of options.solves) {
    sentAt.set(solve.key, performance.now());
    const response = await httpRequest(options.baseUrl + solve.path, {
      method: 'POST',
      body: solve.body,
      headers: { cookie: solve.cookie },
      agent: submitAgent,
    });
    if (response.status !== 200 || !response.body.includes('"correct"')) {
      throw new Error(`live-update solve answered ${response.status}: ${response.body.slice(0, 200)}`);
    }
    await sleep(options.gapMs);
  }
  const expected = connected * options.solves.length;
  const waitUntil = performance.now() + 10_000;
  while (delays.length < expected && performance.now() < waitUntil) await sleep(50);

  for (const req of requests) req.destroy();
  agent.destroy();
  submitAgent.destroy();
  if (failed > 0 && connected === 0) throw new Error('no SSE client could connect');
  delays.sort((a, b) => a - b);
  return {
    clients: options.clientCookies.length,
    connected,
    connectSeconds,
    solves: options.solves.length,
    expected,
    delivered: delays.length,
    p50Ms: percentile(delays, 50),
    p99Ms: percentile(delays, 99),
    maxMs: delays.at(-1) ?? NaN,
  };
}
