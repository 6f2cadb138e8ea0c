import { createRequire } from 'node:module';

/**
 * Runs a student's SQL on a real engine (SQLite compiled to WebAssembly by sql.js), in memory. It runs inside a lab
 * worker thread (docs/decisions/011-real-labs.md): a query that never ends (a recursive CTE) holds only that worker, and
 * the pool's time limit ends it, since sql.js exposes no progress handler to stop a statement from inside the engine.
 * SQLite's hard heap limit bounds the engine's memory (randomblob(1e9) fails with "out of memory"); rows, cells and the
 * whole answer are bounded as they are read. Each call gets a fresh database, so nothing a query does outlives it.
 */

export interface SqlSetupStatement {
  sql: string;
  params?: (string | number)[];
}

export type SqlOutcome = { kind: 'rows'; columns: string[]; rows: (string | null)[][] } | { kind: 'error'; message: string };

const MAX_ROWS = 20;
const MAX_COLUMNS = 20;
const MAX_CELL_LENGTH = 200;
/** The whole answer: column names and cells together. */
const MAX_OUTPUT_LENGTH = 8000;
const HEAP_LIMIT_BYTES = 16_000_000;

/** The part of sql.js used here (the package ships no types). */
interface SqlJsStatement {
  getColumnNames(): string[];
  step(): boolean;
  get(): unknown[];
  free(): void;
}
interface SqlJsDatabase {
  run(sql: string, params?: (string | number)[]): void;
  prepare(sql: string): SqlJsStatement;
  close(): void;
}
interface SqlJs {
  Database: new () => SqlJsDatabase;
}

let engine: SqlJs | undefined;

/** Compiles the engine once per thread; the lab worker awaits it before it takes a call (docs/operations.md "Labs"). */
export async function loadSqlEngine(): Promise<void> {
  const require = createRequire(import.meta.url);
  const init = require('sql.js') as () => Promise<SqlJs>;
  engine ??= await init();
}

function cell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return '[blob]';
  return (typeof value === 'string' || typeof value === 'number' ? String(value) : '[value]').slice(0, MAX_CELL_LENGTH);
}

/** Runs `setup` then `query` (its first statement only, as most drivers do) on a new in-memory SQLite database. */
export function runSql(setup: readonly SqlSetupStatement[], query: string): SqlOutcome {
  if (!engine) throw new Error('The SQL engine is not loaded: call loadSqlEngine() first.');
  const db = new engine.Database();
  try {
    db.run(`PRAGMA hard_heap_limit=${HEAP_LIMIT_BYTES}`);
    for (const statement of setup) db.run(statement.sql, statement.params ?? []);
    const prepared = db.prepare(query);
    try {
      const columns = prepared
        .getColumnNames()
        .slice(0, MAX_COLUMNS)
        .map((name) => name.slice(0, MAX_CELL_LENGTH));
      let length = columns.join('').length;
      const rows: (string | null)[][] = [];
      while (rows.length < MAX_ROWS && length < MAX_OUTPUT_LENGTH && prepared.step()) {
        const row = prepared.get().slice(0, MAX_COLUMNS).map(cell);
        length += row.reduce((sum, value) => sum + (value?.length ?? 0), 0);
        rows.push(row);
      }
      return { kind: 'rows', columns, rows };
    } finally {
      prepared.free();
    }
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  } finally {
    db.close();
  }
}
