import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, type TestApp } from '../../test/build-test-app.js';

import { createDatabase, type Database, migrateDatabase } from './client.js';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** The scores each deployment stores before the ledger: what it must keep exactly (docs/decisions/007-scoring.md). */
const STORED = { b: 800, c: 800, p: 900, x: 125 };

/** What the seeding needs of a connection: PGlite's and pg's clients both take several statements in one text. */
interface SqlClient {
  exec(sql: string): Promise<unknown>;
  query(sql: string, params: unknown[]): Promise<unknown>;
}

/**
 * A deployment at the migration before the scoring ledger, with stored scores and solve points, the two bugs of the old
 * design included (issue #35): `b` and `c` stayed at 800 after the third solver of a linear 1000/decay 100 challenge was
 * deleted (derived: 900); `p` kept 900 after a challenge they had solved for two teams was deleted (derived: 500).
 */
async function seedBeforeTheLedger(client: SqlClient): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  const before = journal.entries.filter((entry) => entry.tag < '0021');
  for (const entry of before) {
    const sql = await readFile(path.join(MIGRATIONS, `${entry.tag}.sql`), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) if (statement.trim()) await client.exec(statement);
  }
  await client.exec(`create schema drizzle;
    create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const entry of before)
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [entry.tag, entry.when]);
  await client.exec(`
    insert into challenges (id, position, category, level, points, scoring_type, initial_points, decay, minimum_points,
      decay_function, title_en, title_fr, description_en, description_fr) values
    ('dyn', 0, 'web-client', 'easy', 800, 'dynamic', 1000, 100, 100, 'linear', 'Dyn', 'Dyn', 'D.', 'D.'),
    ('other', 1, 'web-client', 'easy', 500, 'static', null, null, null, null, 'Other', 'Autre', 'O.', 'O.'),
    ('plain', 2, 'web-client', 'easy', 100, 'static', null, null, null, null, 'Plain', 'Simple', 'P.', 'P.');
    insert into users (id, name, email, email_verified, username, display_username, role, score, score_adjustment) values
    ('b', 'B', 'b@example.com', true, 'bee', 'bee', 'user', ${STORED.b}, 0),
    ('c', 'C', 'c@example.com', true, 'cee', 'cee', 'user', ${STORED.c}, 0),
    ('p', 'P', 'p@example.com', true, 'pee', 'pee', 'user', ${STORED.p}, 0),
    ('x', 'X', 'x@example.com', true, 'ex', 'ex', 'user', ${STORED.x}, 25);
    insert into teams (id, name, invite_code, score_adjustment) values ('t2', 'Second', 'code-two', 7);
    insert into solves (user_id, challenge_id, points, solved_at, team_id) values
    ('b', 'dyn', 800, now() - interval '2 hours', null),
    ('c', 'dyn', 800, now() - interval '1 hour', null),
    ('p', 'other', 500, now() - interval '1 hour', 't2'),
    ('x', 'plain', 100, now(), null);`);
}

/**
 * That deployment, then the migrations from the ledger's on: PGlite in memory, or, when DATABASE_URL is set, a new
 * PostgreSQL database (empty: the run's template is already migrated), dropped on close.
 */
async function upgradedDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const client = new PGlite();
    await seedBeforeTheLedger(client);
    const database = await createDatabase({ kind: 'pglite', dataDir: undefined, client });
    await migrateDatabase(database);
    return database;
  }
  const name = `drapeau_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const seeding = new pg.Client({ connectionString: url.toString() });
  await seeding.connect();
  await seedBeforeTheLedger({ exec: (sql) => seeding.query(sql), query: (sql, params) => seeding.query(sql, params) });
  await seeding.end();
  const database = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// Runs on PostgreSQL too (DATABASE_URL): the migration's SQL must keep every score on both engines.
describe('upgrading a deployment to the scoring ledger', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ database: await upgradedDatabase() });
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
  });

  it("keeps every player's score exactly, the old design's leftovers included", async () => {
    const admin = await loginAdmin(t.app);
    const users = (await admin.get('/api/admin/users')).json<{ users: { uid: string; score: number }[] }>().users;
    const scores = Object.fromEntries(users.map((user) => [user.uid, user.score]));
    expect(scores).toMatchObject(STORED);
  });

  it("keeps every team's score exactly", async () => {
    const admin = await loginAdmin(t.app);
    const teams = (await admin.get('/api/admin/teams')).json<{ teams: { id: string; score: number }[] }>().teams;
    expect(teams.find((team) => team.id === 't2')?.score).toBe(500 + 7);
  });
});
