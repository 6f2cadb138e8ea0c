import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';

import { createDatabase, type Database } from '../src/db/client.js';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when DATABASE_URL is set, a new
 * PostgreSQL database cloned from the run's template and dropped on close.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const databaseUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (databaseUrl && template) {
    const name = `drapeau_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    return {
      ...database,
      url: url.toString(),
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const tarball = await readFile(inject('pgliteTemplatePath'));
  const client = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  return createDatabase({ kind: 'pglite', dataDir: undefined, client });
}
