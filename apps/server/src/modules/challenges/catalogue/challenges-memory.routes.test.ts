import { readFile } from 'node:fs/promises';

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createDatabase, type Database } from '../../../db/client.js';
import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../../test/build-test-app.js';
import { createTestDatabase } from '../../../../test/test-database.js';

let t: TestApp;
let database: Database;
let queries = 0;

/** A test database whose every query is counted (PGlite's client, or PostgreSQL's pool). */
async function countedDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const db = await createTestDatabase();
    const pool = db.pool! as unknown as Record<string, unknown>;
    const original = (db.pool!.query as (...args: unknown[]) => unknown).bind(db.pool);
    pool.query = (...args: unknown[]) => {
      queries++;
      return original(...args);
    };
    return db;
  }
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(inject('pgliteTemplatePath'))]) });
  for (const method of ['query', 'exec'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      queries++;
      return original(...args);
    };
  }
  return createDatabase({ kind: 'pglite', dataDir: undefined, client });
}

beforeAll(async () => {
  database = await countedDatabase();
  t = await buildTestApp({ database });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('the challenge list and detail', () => {
  it('are served from memory, with no query per request, and follow every change', async () => {
    const player = await registerPlayer(t.app);
    const admin = await loginAdmin(t.app);
    // The first requests load the catalogue, the solve counts and this player's progress.
    expect((await player.client.get('/api/challenges')).statusCode).toBe(200);
    expect((await player.client.get('/api/challenges/caesar-cipher')).statusCode).toBe(200);

    const before = queries;
    for (let i = 0; i < 10; i++) {
      expect((await player.client.get('/api/challenges')).statusCode).toBe(200);
      expect((await player.client.get('/api/challenges/caesar-cipher')).statusCode).toBe(200);
      expect((await player.client.get('/api/categories')).statusCode).toBe(200);
    }
    expect(queries - before).toBe(0);

    const patched = await admin.patch('/api/admin/challenges/caesar-cipher', { title: { en: 'Caesar, renamed', fr: 'César' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(queries).toBeGreaterThan(before); // the counter does count
    const list = (await player.client.get('/api/challenges')).json().challenges as { id: string; title: { en: string } }[];
    expect(list.find((c) => c.id === 'caesar-cipher')?.title.en).toBe('Caesar, renamed');
    expect((await player.client.get('/api/challenges/caesar-cipher')).json().title.fr).toBe('César');
  });
});
