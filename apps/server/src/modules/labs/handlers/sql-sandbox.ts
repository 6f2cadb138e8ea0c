import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * Runs a student's SQL on a real engine (SQLite compiled to WebAssembly by sql.js), in memory, in a worker thread.
 * The lab handler interface is synchronous, so the caller blocks on Atomics.wait until the worker answers; an injected
 * query that never ends (a recursive CTE) is cut at QUERY_TIMEOUT_MS by terminating the worker, and a new one is started.
 * SQLite's hard heap limit bounds memory (randomblob(1e9) fails with "out of memory"). Each call gets a fresh database,
 * so nothing a query does outlives it. See docs/decisions/011-real-labs.md.
 */

export interface SqlSetupStatement {
  sql: string;
  params?: (string | number)[];
}

export type SqlOutcome =
  { kind: 'rows'; columns: string[]; rows: (string | null)[][] } | { kind: 'error'; message: string } | { kind: 'timeout' };

const QUERY_TIMEOUT_MS = 2000;
const START_TIMEOUT_MS = 30_000;
const MAX_ROWS = 20;
const MAX_CELL_LENGTH = 200;
const HEAP_LIMIT_BYTES = 16_000_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const ready = require(workerData.sqlJsPath)();
parentPort.on('message', async ({ setup, query, port }) => {
  let result;
  const SQL = await ready;
  const db = new SQL.Database();
  try {
    db.run('PRAGMA hard_heap_limit=' + workerData.heapLimit);
    for (const statement of setup) db.run(statement.sql, statement.params || []);
    const prepared = db.prepare(query);
    try {
      const columns = prepared.getColumnNames();
      const rows = [];
      while (rows.length < workerData.maxRows && prepared.step()) {
        rows.push(prepared.get().map((value) =>
          value === null ? null : value instanceof Uint8Array ? '[blob]' : String(value).slice(0, workerData.maxCell)));
      }
      result = { kind: 'rows', columns, rows };
    } finally {
      prepared.free();
    }
  } catch (error) {
    result = { kind: 'error', message: String(error && error.message ? error.message : error) };
  } finally {
    db.close();
  }
  port.postMessage(result);
  port.close();
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
});
`;

interface SandboxWorker {
  worker: Worker;
  state: Int32Array;
  hasAnswered: boolean;
}

let current: SandboxWorker | undefined;

function startWorker(): SandboxWorker {
  const sqlJsPath = createRequire(import.meta.url).resolve('sql.js');
  const shared = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { state: shared, sqlJsPath, heapLimit: HEAP_LIMIT_BYTES, maxRows: MAX_ROWS, maxCell: MAX_CELL_LENGTH },
  });
  worker.unref();
  worker.on('error', () => {
    if (current?.worker === worker) current = undefined;
  });
  return { worker, state: new Int32Array(shared), hasAnswered: false };
}

/** Runs `setup` then `query` (its first statement only, as most drivers do) on a new in-memory SQLite database. */
export function runSql(setup: readonly SqlSetupStatement[], query: string): SqlOutcome {
  current ??= startWorker();
  const sandbox = current;
  const { port1, port2 } = new MessageChannel();
  Atomics.store(sandbox.state, 0, 0);
  sandbox.worker.postMessage({ setup, query, port: port2 }, [port2]);
  const waited = Atomics.wait(sandbox.state, 0, 0, sandbox.hasAnswered ? QUERY_TIMEOUT_MS : START_TIMEOUT_MS);
  const message = receiveMessageOnPort(port1);
  port1.close();
  if (waited === 'timed-out' || !message) {
    current = undefined;
    void sandbox.worker.terminate();
    return { kind: 'timeout' };
  }
  sandbox.hasAnswered = true;
  return message.message as SqlOutcome;
}
