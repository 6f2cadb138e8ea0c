import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { createDatabase, migrateDatabase } from '../src/db/client.js';

import { keepDeploymentWideFlags } from './pack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) that each test file loads: no migration per file. */
    pgliteTemplatePath: string;
    /** On PostgreSQL (DATABASE_URL), a migrated template database that each test file clones. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run, with the pack's deployment-wide flags (test/pack.ts); each test file then starts from a copy
 * (test/build-test-app.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `drapeau_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const database = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await migrateDatabase(database);
    await keepDeploymentWideFlags(database);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const database = await createDatabase({ kind: 'pglite', dataDir: undefined, client });
  await migrateDatabase(database);
  await keepDeploymentWideFlags(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-test-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
