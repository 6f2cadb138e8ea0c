import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../test/build-test-app.js';
import { deriveFlag } from '../modules/challenges/flags/flag-check.js';

import { createDatabase, migrateDatabase } from './client.js';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const SECRET = 'test-instance-secret-0123456789';

/**
 * A deployment from before the catalogue was data (migrations 0000–0003, challenges with their hint, file and lab as
 * columns), with a player who solved one challenge, upgraded to the current schema: nothing a player earned is lost
 * (docs/decisions/014-catalogue-as-data.md).
 */
async function legacyDatabase(): Promise<PGlite> {
  const client = new PGlite();
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  const legacy = journal.entries.filter((entry) => entry.idx <= 3);
  expect(legacy.map((entry) => entry.tag).at(-1)).toBe('0003_accounts-mail-outbox');
  for (const entry of legacy) {
    const sql = await readFile(path.join(MIGRATIONS, `${entry.tag}.sql`), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) if (statement.trim()) await client.exec(statement);
  }
  // What Drizzle's migrator recorded on that deployment.
  await client.exec(`create schema drizzle;
    create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const entry of legacy)
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [entry.tag, entry.when]);

  await client.exec(`
    insert into challenges (id, position, category, level, points, title_en, title_fr, description_en, description_fr,
      hint_en, hint_fr, solution_type, file_name, content_type, lab) values
    ('caesar-cipher', 0, 'app-script', 'easy', 10, 'Caesar Cipher', 'Chiffre de César', 'Shifted.', 'Décalé.',
      'Try every shift.', 'Essayez tous les décalages.', 'download', 'message.txt', 'text/plain; charset=utf-8', null),
    ('xor-encryption', 1, 'app-script', 'easy', 30, 'XOR Encryption', 'Chiffrement XOR', 'XOR.', 'XOR.',
      null, null, 'lab', null, null, 'xor-encryption');
    insert into users (id, name, email, email_verified, username, display_username, role, score)
      values ('legacy-alice', 'Alice', 'alice@example.com', true, 'alice', 'Alice', 'user', 10);
    insert into solves (user_id, challenge_id, points) values ('legacy-alice', 'caesar-cipher', 10);`);
  return client;
}

describe('upgrading a deployment from before the catalogue was data', () => {
  let t: TestApp;
  let client: PGlite;

  beforeAll(async () => {
    client = await legacyDatabase();
    const database = await createDatabase({ kind: 'pglite', dataDir: undefined, client });
    await migrateDatabase(database);
    t = await buildTestApp({ database, env: { INSTANCE_SECRET: SECRET } });
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
  });

  it('keeps every solve and score, and turns each hint, file and flag into rows', async () => {
    const admin = await loginAdmin(t.app);
    const standings = (await admin.get('/api/leaderboard')).json<{ entries: { uid: string; score: number }[] }>();
    expect(standings.entries.find((entry) => entry.uid === 'legacy-alice')?.score).toBe(10);

    const player = await registerPlayer(t.app);
    const caesar = (await player.client.get('/api/challenges/caesar-cipher')).json();
    expect(caesar).toMatchObject({ solveCount: 1, hints: [{ cost: 0 }], attachments: [{ name: 'message.txt' }] });
    // The flags stay derived from the same secret and id: what players found before still counts.
    const submitted = await player.client.post('/api/challenges/xor-encryption/submit', {
      flag: deriveFlag(SECRET, 'xor-encryption'),
    });
    expect(submitted.json()).toMatchObject({ status: 'correct', points: 30 });
    const solvedAgain = await player.client.post('/api/challenges/caesar-cipher/submit', {
      flag: deriveFlag(SECRET, 'caesar-cipher'),
    });
    expect(solvedAgain.json()).toMatchObject({ status: 'correct', points: 10 });
    // The legacy columns are gone; the first start did not load the pack over the existing catalogue.
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from challenges');
    expect(rows[0]!.n).toBe(2);
  });
});
