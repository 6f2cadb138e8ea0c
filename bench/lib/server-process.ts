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
  databaseStatements(): Promise<{ count: number; seconds: number }>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

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
async function readMetrics(baseUrl: string, token: string | undefined, names: string[]): Promise<number[]> {
  if (!token) return names.map(() => NaN);
  const response = await httpRequest(`${baseUrl}/metrics`, { agent: pollAgent, headers: { authorization: `Bearer ${token}` } });
  return names.map((name) => {
    const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(response.body);
    return response.status === 200 && match ? Number(match[1]) : NaN;
  });
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
    databaseStatements: async () => {
      const names = ['drapeau_db_query_duration_seconds_count', 'drapeau_db_query_duration_seconds_sum'];
      const [count, seconds] = await readMetrics(baseUrl, options.env.METRICS_TOKEN, names);
      return { count: count!, seconds: seconds! };
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
