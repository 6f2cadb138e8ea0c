import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { Gauge, Histogram, type Registry } from 'prom-client';

/**
 * Database metrics (docs/operations.md "Metrics"), the same names on both databases so that one dashboard reads both:
 * - `drapeau_db_query_duration_seconds`: the time of each statement, once it has its connection;
 * - `drapeau_db_pool_total`, `_idle`, `_waiting`: PostgreSQL's pool; PGlite has one connection that runs one operation
 *   (a query or a whole transaction) at a time, so there total is 1, idle is 1 when nothing runs, and waiting is the
 *   operations queued behind the one running.
 */
export function createDatabaseMetrics(registry: Registry) {
  const queryDuration = new Histogram({
    name: 'drapeau_db_query_duration_seconds',
    help: 'Database statement time, once it has its connection',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const poolGauges = (read: { total: () => number; idle: () => number; waiting: () => number }) => {
    for (const [name, help, value] of [
      ['drapeau_db_pool_total', 'Database connections (1 on the embedded database)', read.total],
      ['drapeau_db_pool_idle', 'Idle database connections', read.idle],
      ['drapeau_db_pool_waiting', 'Queries or transactions waiting for a connection', read.waiting],
    ] as const) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(value());
        },
      });
    }
  };
  /** Wraps an async method of `target` so that `around` sees each call start and settle. */
  const wrap = <T extends object>(target: T, method: keyof T & string, around: () => () => void) => {
    const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
    (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const done = around();
      const result = original(...args);
      if (result instanceof Promise) void result.finally(done).catch(() => {});
      else done();
      return result;
    };
  };

  return {
    /** Pool sizes at each scrape, and the time of every query run through the pool's clients. */
    observePool: (pool: pg.Pool): void => {
      poolGauges({ total: () => pool.totalCount, idle: () => pool.idleCount, waiting: () => pool.waitingCount });
      pool.on('connect', (client) => wrap(client, 'query', () => queryDuration.startTimer()));
    },

    /**
     * The embedded database: its operations queued or running (`pending`, counted by db/client.ts), and each
     * statement's time. `_runExclusiveQuery` is where PGlite runs every statement, in a transaction or not, once the
     * connection is its; a PGlite that renamed it leaves the histogram empty, which the metrics test notices.
     */
    observePglite: (client: PGlite, pending: () => number): void => {
      poolGauges({ total: () => 1, idle: () => (pending() === 0 ? 1 : 0), waiting: () => Math.max(0, pending() - 1) });
      if (typeof (client as unknown as Record<string, unknown>)._runExclusiveQuery === 'function') {
        wrap(client as unknown as { _runExclusiveQuery: unknown }, '_runExclusiveQuery', () => queryDuration.startTimer());
      }
    },
  };
}
