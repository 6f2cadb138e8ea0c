import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync, closeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';

import { httpRequest, sleep } from './http-client.js';

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  child: ChildProcess;
  /** Resident set size in MB, read from /proc. */
  rssMb(): Promise<number>;
  /** V8 heap used in MB, from GET /metrics (NaN without a METRICS_TOKEN in the server's environment). */
  heapUsedMb(): Promise<number>;
  /** Database statements run so far and their total time, from GET /metrics (NaN without a METRICS_TOKEN). */
  /** What the server's /metrics say so far of its database statements and its event loop (see ServerActivity). */
  activity(): Promise<ServerActivity>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

/**
 * The node flags the server runs with in production (the Dockerfile's CMD, scripts/start.mjs, `npm start`), which the
 * benchmark starts it with too: stack traces that name the sources, a young generation of 32 MB (docs/performance.md
 * "2026-11-25").
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
    server.on('error', reject);
  });
}

const pollAgent = new http.Agent({ keepAlive: false });

async function readRssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Values of the server's /metrics by name (NaN without a token, or when a name is absent). */
/** Values of /metrics series, each named as it is printed there (labels included); NaN for one that is missing. */
async function readMetrics(baseUrl: string, token: string | undefined, names: string[]): Promise<number[]> {
  if (!token) return names.map(() => NaN);
  const response = await httpRequest(`${baseUrl}/metrics`, { agent: pollAgent, headers: { authorization: `Bearer ${token}` } });
  const values = new Map(
    response.status === 200
      ? response.body.split('\n').flatMap((line) => {
          const space = line.lastIndexOf(' ');
          return line.startsWith('#') || space < 0 ? [] : [[line.slice(0, space), Number(line.slice(space + 1))] as const];
        })
      : [],
  );
  return names.map((name) => values.get(name) ?? NaN);
}

/**
 * Counters of the server's database statements (count, total seconds, and how many took over a second) and of its
 * batches of correct flags run again flag by flag, since it started, and the longest event-loop delay since the previous read (prom-client resets it at each scrape): two reads
 * around a step tell whether a slow step waited on the database or on the server's own thread.
 */
export interface ServerActivity {
  statements: number;
  statementSeconds: number;
  statementsOverOneSecond: number;
  /** Batches of correct flags that failed and ran again flag by flag. */
  batchesRetried: number;
  eventLoopDelayMaxSeconds: number;
}

/** The activity between two reads, as one phrase of a log line. */
export function describeActivity(before: ServerActivity, after: ServerActivity): string {
  const statements = after.statements - before.statements;
  const seconds = after.statementSeconds - before.statementSeconds;
  const overOneSecond = after.statementsOverOneSecond - before.statementsOverOneSecond;
  return (
    `${statements} database statements (${seconds.toFixed(1)} s, ${overOneSecond} over 1 s), ` +
    `${after.batchesRetried - before.batchesRetried} batches of correct flags run again flag by flag, ` +
    `longest event-loop delay ${(after.eventLoopDelayMaxSeconds * 1000).toFixed(0)} ms`
  );
}

/**
 * Starts `node <args>` with `env` (stdout and stderr to `logFile`) and waits for the first 200 of `readyPath`.
 * Returns the process and the milliseconds from spawn to that 200.
 */
export async function startServer(options: {
  args: string[];
  env: Record<string, string>;
  port: number;
  logFile: string;
  readyPath?: string;
  readyHeaders?: Record<string, string>;
  timeoutMs?: number;
}): Promise<{ server: ServerProcess; readyMs: number }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const log = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    });
  });
  const server: ServerProcess = {
    pid: child.pid ?? -1,
    baseUrl,
    child,
    rssMb: () => readRssMb(child.pid ?? -1),
    heapUsedMb: async () =>
      (await readMetrics(baseUrl, options.env.METRICS_TOKEN, ['nodejs_heap_size_used_bytes']))[0]! / 1024 / 1024,
    activity: async () => {
      const statements = 'drapeau_db_query_duration_seconds';
      const [count, seconds, underOneSecond, retried, delay] = await readMetrics(baseUrl, options.env.METRICS_TOKEN, [
        `${statements}_count`,
        `${statements}_sum`,
        `${statements}_bucket{le="1"}`,
        'drapeau_correct_flag_batches_retried_total',
        'nodejs_eventloop_lag_max_seconds',
      ]);
      return {
        statements: count!,
        statementSeconds: seconds!,
        statementsOverOneSecond: count! - underOneSecond!,
        batchesRetried: retried!,
        eventLoopDelayMaxSeconds: delay!,
      };
    },
    stop: async () => {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (${exitCode}) before answering:\n${tail(options.logFile)}`);
    }
    if (performance.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer within ${options.timeoutMs ?? 120_000} ms:\n${tail(options.logFile)}`);
    }
    try {
      const response = await httpRequest(baseUrl + (options.readyPath ?? '/api/health'), {
        agent: pollAgent,
        timeoutMs: 10_000,
        ...(options.readyHeaders ? { headers: options.readyHeaders } : {}),
      });
      if (response.status === 200) return { server, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
}

/** CPU time (user + system) a process has used so far, in seconds, read from /proc (clock ticks of 10 ms). */
export async function readCpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak in MB. */
export function sampleRss(pid: number, everyMs = 200): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    void readRssMb(pid).then((mb) => {
      if (mb > peak) peak = mb;
    });
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
