import { beforeAll, describe, expect, it } from 'vitest';

import { loadSqlEngine, runSql } from './sql-sandbox.js';

beforeAll(loadSqlEngine);

const COUNT = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000)';

describe('runSql bounds what a query hands back', () => {
  it('returns twenty rows at most', () => {
    const outcome = runSql([], `${COUNT} SELECT x FROM c`);
    expect(outcome).toMatchObject({ kind: 'rows', columns: ['x'] });
    if (outcome.kind !== 'rows') throw new Error(outcome.kind);
    expect(outcome.rows).toHaveLength(20);
  });

  it('cuts each cell at 200 characters and stops reading once the answer reaches 8,000 characters', () => {
    const outcome = runSql([], `${COUNT} SELECT printf('%.5000c', 'x'), printf('%.5000c', 'y') FROM c`);
    if (outcome.kind !== 'rows') throw new Error(outcome.kind);
    expect(outcome.rows[0]?.[0]).toHaveLength(200);
    const cells = outcome.rows.flat().join('');
    expect(cells.length).toBeLessThanOrEqual(8000 + 400);
  });

  it('keeps twenty columns at most', () => {
    const columns = Array.from({ length: 50 }, (_, i) => `${i} AS c${i}`).join(', ');
    const outcome = runSql([], `SELECT ${columns}`);
    if (outcome.kind !== 'rows') throw new Error(outcome.kind);
    expect(outcome.columns).toHaveLength(20);
    expect(outcome.rows[0]).toHaveLength(20);
  });

  it('bounds the engine’s memory: a huge blob fails inside SQLite', () => {
    const outcome = runSql([], 'SELECT length(randomblob(1000000000))');
    expect(outcome).toMatchObject({ kind: 'error', message: expect.stringMatching(/out of memory|too big/) });
  });
});
