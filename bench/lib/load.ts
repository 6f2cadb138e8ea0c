import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { MAX_STREAMS_PER_ADDRESS } from '../../apps/server/src/modules/events/stream-limits.js';

import { httpRequest, percentile, sleep } from './http-client.js';
import type { FromClient, ToClient } from './live-client.js';
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
  /** Sent with every request (e.g. `accept-encoding`, as a browser does). */
  headers?: Readonly<Record<string, string>>;
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
  const headers: Record<string, string> = {
    ...options.headers,
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
  };
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
  /** The client side: how many processes read the streams, and how busy they were while the solves were sent. */
  clientProcesses: number;
  clientCpuSeconds: number;
  /** The busiest client process's event-loop utilization (0-1) over the solves: near 1 would mean the client is the limit. */
  clientMaxEventLoopUtilization: number;
  /** The server's CPU seconds over the same window. */
  serverCpuSeconds: number;
  /** Streams the server closed while they were measured (none expected: every client reads). */
  closedByServer: number;
  /** The server's memory before the streams were opened and with all of them open (when `server` was given). */
  memory?: LiveMemory;
}

export interface LiveMemory {
  rssBeforeMb: number;
  rssOpenMb: number;
  /** V8 heap used, from the server's /metrics (nodejs_heap_size_used_bytes). */
  heapBeforeMb: number;
  heapOpenMb: number;
  /** (RSS open − RSS before) / connected clients, and the same for the heap, in KB. */
  rssPerClientKb: number;
  heapPerClientKb: number;
}

/** What runLive reads of the server: its process (CPU, RSS) and, if it has a metrics token, its heap. */
export interface LiveServer {
  pid: number;
  rssMb(): Promise<number>;
  heapUsedMb?(): Promise<number>;
}

/**
 * The loopback address client `index` connects from: the server allows a few live streams per address
 * (docs/decisions/010-abuse-limits.md), and 10,000 players are 10,000 browsers, not one. Linux answers on all of
 * 127.0.0.0/8.
 */
export function clientAddress(index: number): string {
  const perAddress = MAX_STREAMS_PER_ADDRESS - 4;
  const n = Math.floor(index / perAddress);
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Streams per client process: reading 10,000 streams in one process would make the client the bottleneck. */
const STREAMS_PER_CLIENT_PROCESS = 2500;

interface ClientProcess {
  child: ChildProcess;
  ask<T extends FromClient['type']>(message: ToClient, answer: T): Promise<Extract<FromClient, { type: T }>>;
}

function forkClient(): ClientProcess {
  const child = fork(fileURLToPath(new URL('./live-client.ts', import.meta.url)), [], { stdio: 'inherit' });
  return {
    child,
    ask: (message, answer) =>
      new Promise((resolve, reject) => {
        const onMessage = (reply: FromClient) => {
          if (reply.type !== answer) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(reply as never);
        };
        const onExit = (code: number | null) => reject(new Error(`a live-client process exited (${code})`));
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(message);
      }),
  };
}

/**
 * Opens `clientCookies.length` SSE streams on GET /api/events from child processes (STREAMS_PER_CLIENT_PROCESS each),
 * then sends the solves one after another and measures, at every client, the time from sending a solve to receiving its
 * `solve` event. With `server`, also the server's RSS (and heap) before the streams are opened and with them open.
 */
export async function runLive(options: {
  baseUrl: string;
  clientCookies: readonly string[];
  solves: readonly (BurstRequest & { key: string })[];
  gapMs: number;
  connectConcurrency?: number;
  server?: LiveServer;
  clientProcesses?: number;
}): Promise<LiveResult> {
  const count = options.clientCookies.length;
  const processes = options.clientProcesses ?? Math.max(1, Math.ceil(count / STREAMS_PER_CLIENT_PROCESS));
  const clients = Array.from({ length: processes }, forkClient);
  const heapOf = async () => (options.server?.heapUsedMb ? options.server.heapUsedMb() : NaN);
  try {
    const rssBeforeMb = options.server ? await options.server.rssMb() : NaN;
    const heapBeforeMb = await heapOf();
    const connectStarted = performance.now();
    const shares = clients.map((_, p) =>
      options.clientCookies
        .map((cookie, index) => ({ cookie, address: clientAddress(index), index }))
        .filter((c) => c.index % processes === p)
        .map(({ cookie, address }) => ({ cookie, address })),
    );
    const concurrency = Math.max(1, Math.floor((options.connectConcurrency ?? 100) / processes));
    const opened = await Promise.all(
      clients.map((c, p) => c.ask({ type: 'open', baseUrl: options.baseUrl, clients: shares[p]!, concurrency }, 'opened')),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const connected = opened.reduce((sum, o) => sum + o.connected, 0);
    const failures = opened.flatMap((o) => o.errors);
    if (connected === 0) throw new Error(`no SSE client could connect: ${failures.join('; ')}`);
    if (connected < count) console.log(`[bench] ${count - connected} SSE clients could not connect: ${failures.join('; ')}`);
    await sleep(2000);
    const rssOpenMb = options.server ? await options.server.rssMb() : NaN;
    const heapOpenMb = await heapOf();

    await Promise.all(clients.map((c) => c.ask({ type: 'mark' }, 'marked')));
    const serverCpuBefore = options.server ? await readCpuSeconds(options.server.pid) : NaN;
    const sentAt = new Map<string, number>();
    const submitAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      for (const solve of options.solves) {
        sentAt.set(solve.key, performance.timeOrigin + performance.now());
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
    } finally {
      submitAgent.destroy();
    }
    const expected = connected * options.solves.length;
    const delivered = async () =>
      (await Promise.all(clients.map((c) => c.ask({ type: 'count' }, 'count')))).reduce((sum, r) => sum + r.delivered, 0);
    const waitUntil = performance.now() + 10_000;
    while ((await delivered()) < expected && performance.now() < waitUntil) await sleep(50);
    const serverCpuSeconds = options.server ? (await readCpuSeconds(options.server.pid)) - serverCpuBefore : NaN;
    const reports = await Promise.all(clients.map((c) => c.ask({ type: 'report' }, 'report')));

    const delays: number[] = [];
    for (const report of reports) {
      for (const [key, times] of Object.entries(report.arrivals)) {
        const sent = sentAt.get(key);
        if (sent !== undefined) for (const at of times) delays.push(at - sent);
      }
    }
    delays.sort((a, b) => a - b);
    const perClientKb = (before: number, open: number) => ((open - before) * 1024) / connected;
    return {
      clients: count,
      connected,
      connectSeconds,
      solves: options.solves.length,
      expected,
      delivered: delays.length,
      p50Ms: percentile(delays, 50),
      p99Ms: percentile(delays, 99),
      maxMs: delays.at(-1) ?? NaN,
      clientProcesses: processes,
      clientCpuSeconds: reports.reduce((sum, r) => sum + r.cpuSeconds, 0),
      clientMaxEventLoopUtilization: Math.max(...reports.map((r) => r.eventLoopUtilization)),
      serverCpuSeconds,
      closedByServer: reports.reduce((sum, r) => sum + r.closedByServer, 0),
      ...(options.server
        ? {
            memory: {
              rssBeforeMb,
              rssOpenMb,
              heapBeforeMb,
              heapOpenMb,
              rssPerClientKb: perClientKb(rssBeforeMb, rssOpenMb),
              heapPerClientKb: perClientKb(heapBeforeMb, heapOpenMb),
            },
          }
        : {}),
    };
  } finally {
    for (const c of clients) {
      if (c.child.connected) c.child.send({ type: 'close' } satisfies ToClient);
    }
    await Promise.all(
      clients.map(
        (c) => new Promise<void>((resolve) => (c.child.exitCode !== null ? resolve() : c.child.once('exit', () => resolve()))),
      ),
    );
  }
}
