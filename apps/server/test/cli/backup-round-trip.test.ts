import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';

import { type Database, migrateDatabase } from '../../src/db/client.js';
import { holdServerPresence } from '../../src/lib/instance-lock.js';
import { BackupManifestSchema, writeArchive } from '../../src/modules/backup/backup-archive.js';
import { createBackupRepository } from '../../src/modules/backup/backup.repository.js';
import { buildTestApp, loginAdmin, registerPlayer } from '../build-test-app.js';

import { createInstance, type Instance, runDrapeau } from './run-cli-process.js';

// Needs both databases: runs in the PostgreSQL pass (DATABASE_URL set), with PGlite data directories beside it.
const runnable = Boolean(process.env.DATABASE_URL);
const SLOW = { timeout: 1_200_000 };

/** Every table's rows as PostgreSQL writes them, sorted: two equal snapshots are the same platform, byte for byte. */
async function snapshotOf(instance: Instance): Promise<Record<string, string[]>> {
  const database = await instance.open();
  try {
    const tables = await createBackupRepository(database.db).readSnapshot();
    return Object.fromEntries(tables.map(({ table, rows }) => [table.name, [...rows].sort()]));
  } finally {
    await database.close();
  }
}

interface Platform {
  cookie: string;
  player: { email: string; password: string };
  flags: unknown;
  leaderboard: unknown;
  file: Buffer;
}

async function withApp<T>(instance: Instance, run: (t: Awaited<ReturnType<typeof buildTestApp>>) => Promise<T>): Promise<T> {
  const database: Database = await instance.open();
  await migrateDatabase(database);
  const t = await buildTestApp({ database, env: { ...instance.env, INSTANCE_SECRET: '' } });
  try {
    return await run(t);
  } finally {
    await t.close();
    await database.close();
  }
}

/** What players and admins see: the player's session still works, their password too, same flags, standings, files. */
async function observe(instance: Instance, known: Platform): Promise<Omit<Platform, 'player'>> {
  return withApp(instance, async (t) => {
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: known.cookie } });
    expect(session.json()).toMatchObject({ user: { email: known.player.email } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: known.player });
    expect(login.statusCode).toBe(200);
    const admin = await loginAdmin(t.app);
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/challenges/steganography---lsb/file',
      headers: { cookie: known.cookie },
    });
    expect(file.statusCode).toBe(200);
    return {
      cookie: known.cookie,
      flags: (await admin.get('/api/admin/challenges/flags')).json(),
      leaderboard: (await admin.get('/api/leaderboard')).json(),
      file: file.rawPayload,
    };
  });
}

describe.skipIf(!runnable)('backup and restore between PGlite and PostgreSQL', SLOW, () => {
  const instances: Instance[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.destroy();
  }, SLOW.timeout);

  it('gives the same platform from PGlite to PostgreSQL and back, and refuses what it must', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'drapeau-backups-'));
    const embedded = await createInstance('pglite');
    const postgres = await createInstance('postgres');
    const back = await createInstance('pglite');
    instances.push(embedded, postgres, back);

    // An instance with a player who solved a challenge (score, badge), a generated file and an uploaded one.
    const original = await withApp(embedded, async (t) => {
      const admin = await loginAdmin(t.app);
      // The pack's deployment-wide flags, which the admin's flag list gives (a new deployment has per-player ones).
      expect((await admin.put('/api/admin/settings/per-user-flags', { isBuiltInPackPerUser: false })).statusCode).toBe(200);
      const flags = (await admin.get('/api/admin/challenges/flags')).json<{ flags: { id: string; flag: string }[] }>();
      const player = await registerPlayer(t.app);
      const flag = flags.flags.find((f) => f.id === 'steganography---lsb')!.flag;
      const solved = await player.client.post('/api/challenges/steganography---lsb/submit', { flag });
      expect(solved.json()).toMatchObject({ status: 'correct' });
      const file = await player.client.get('/api/challenges/steganography---lsb/file');
      expect(file.statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: player.email, password: player.password },
      });
      const token = login.cookies.find((c) => c.name === 'drapeau.session_token')!.value;
      return {
        cookie: `drapeau.session_token=${token}`,
        player: { email: player.email, password: player.password },
        flags,
        leaderboard: (await admin.get('/api/leaderboard')).json(),
        file: file.rawPayload,
      };
    });
    await mkdir(path.join(embedded.env.DATA_DIR!, 'files', 'avatars'), { recursive: true });
    await writeFile(path.join(embedded.env.DATA_DIR!, 'files', 'avatars', 'upload.jpg'), 'an uploaded file');
    const rows = await snapshotOf(embedded);
    expect(rows.solves).toHaveLength(1);
    expect(rows.user_badges!.length).toBeGreaterThan(0);

    // PGlite → PostgreSQL
    const fromEmbedded = path.join(work, 'from-pglite.tar.gz');
    const backup = await runDrapeau(['backup', fromEmbedded], embedded.env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    // Refused while a server is connected to the PostgreSQL database, and nothing changes.
    const release = await holdServerPresence(postgres.env.DATABASE_URL!, { warn: () => {} });
    const refused = await runDrapeau(['restore', fromEmbedded], postgres.env);
    await release();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Refused: A Drapeau server is connected/);
    const restored = await runDrapeau(['restore', fromEmbedded], postgres.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await snapshotOf(postgres)).toEqual(rows);
    expect(await readFile(path.join(postgres.env.DATA_DIR!, 'files', 'avatars', 'upload.jpg'), 'utf8')).toBe('an uploaded file');
    const seen = await observe(postgres, original);
    expect(seen).toEqual({
      cookie: original.cookie,
      flags: original.flags,
      leaderboard: original.leaderboard,
      file: original.file,
    });

    // PostgreSQL → PGlite (taken while nothing stops the PostgreSQL database: no server stop needed)
    const fromPostgres = path.join(work, 'from-postgres.tar.gz');
    expect((await runDrapeau(['backup', fromPostgres], postgres.env)).code).toBe(0);
    const snapshotOnPostgres = await snapshotOf(postgres);
    expect((await runDrapeau(['restore', fromPostgres], back.env)).code).toBe(0);
    expect(await snapshotOf(back)).toEqual(snapshotOnPostgres);
    const { cookie, flags, leaderboard, file } = await observe(back, original);
    expect({ cookie, flags, leaderboard, file }).toEqual({
      cookie: original.cookie,
      flags: original.flags,
      leaderboard: original.leaderboard,
      file: original.file,
    });

    // A damaged archive is refused and changes nothing.
    const before = await snapshotOf(back);
    const bytes = await readFile(fromPostgres);
    for (let i = Math.floor(bytes.length / 2); i < Math.floor(bytes.length / 2) + 64; i += 1) bytes[i] = bytes[i]! ^ 0xff;
    const damagedFile = path.join(work, 'damaged.tar.gz');
    await writeFile(damagedFile, bytes);
    const damaged = await runDrapeau(['restore', damagedFile], back.env);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/Refused: The archive .* is damaged/);

    // So is an archive of a newer version, even with correct checksums.
    const unpacked = path.join(work, 'unpacked');
    await mkdir(unpacked);
    await tar.extract({ file: fromPostgres, cwd: unpacked });
    const manifest = BackupManifestSchema.parse(JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8')));
    const newerFile = path.join(work, 'newer.tar.gz');
    await writeArchive(
      unpacked,
      { ...manifest, schema: { ...manifest.schema, latestAt: manifest.schema.latestAt + 1 } },
      newerFile,
    );
    const newer = await runDrapeau(['restore', newerFile], back.env);
    expect(newer.code).toBe(1);
    expect(newer.stderr).toMatch(/Refused: .* newer version of Drapeau/);
    expect(await snapshotOf(back)).toEqual(before);
  });
});
