import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/test-database.js';
import type { Database } from '../db/client.js';

import { createDatabaseMetrics } from './database-metrics.js';

const value = async (registry: Registry, name: string) => {
  const text = await registry.getSingleMetricAsString(name);
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
};

describe(`database metrics on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: Database;
  const registry = new Registry();
  beforeAll(async () => {
    database = await createTestDatabase();
    const metrics = createDatabaseMetrics(registry);
    if (database.pool) metrics.observePool(database.pool);
    if (database.pglite && database.pendingOperations) metrics.observePglite(database.pglite, database.pendingOperations);
  });
  afterAll(async () => {
    await database.close();
  });

  it('times every statement, in a transaction or not', async () => {
    await database.db.execute(sql`select 1`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
      await tx.execute(sql`select 3`);
    });
    const count = Number(/_count (\d+)/.exec(await registry.getSingleMetricAsString('drapeau_db_query_duration_seconds'))?.[1]);
    // select 1, then begin, select 2, select 3, commit.
    expect(count).toBeGreaterThanOrEqual(5);
  });

  it('shows its connections, and on the embedded database the operations queued behind the one running', async () => {
    // Three statements sent at once: on PGlite, one runs and two wait (the raw client, so that they start now).
    const queued = [1, 2, 3].map((n) =>
      database.pglite ? database.pglite.query(`select ${n}`) : database.db.execute(sql`select ${n}::int`),
    );
    if (database.pglite) {
      expect(await value(registry, 'drapeau_db_pool_total')).toBe(1);
      expect(await value(registry, 'drapeau_db_pool_idle')).toBe(0);
      expect(await value(registry, 'drapeau_db_pool_waiting')).toBe(2);
    }
    await Promise.all(queued);
    expect(await value(registry, 'drapeau_db_pool_total')).toBeGreaterThanOrEqual(1);
    expect(await value(registry, 'drapeau_db_pool_idle')).toBeGreaterThanOrEqual(1);
    expect(await value(registry, 'drapeau_db_pool_waiting')).toBe(0);
  });

  // lib/keyed-batches.ts: a batch of correct flags lets the statements queued before it run first.
  it.skipIf(process.env.DATABASE_URL)('on the embedded database, settles once what was queued before has run', async () => {
    expect(await database.settle!()).toBe(false);
    let committed = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.pglite!.transaction(async (tx) => {
      await tx.query('select 1');
      await held;
      committed = true;
    });
    const settling = database.settle!();
    setImmediate(release);
    // Busy when asked, and settled only once the transaction queued before it is over.
    expect(await settling).toBe(true);
    expect(committed).toBe(true);
    await transaction;
    expect(await database.settle!()).toBe(false);
  });
});
