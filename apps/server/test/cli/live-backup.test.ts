import { stat } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { deriveFlag } from '../../src/modules/challenges/flags/flag-check.js';
import {
  checkIntegrity,
  cookieOf,
  createStore,
  INSTANCE_SECRET,
  request,
  seedPlayers,
  type ServerProcess,
  startServer,
  type Store,
} from '../fault/fault-helpers.js';
import { SOLVABLE_PACK_CHALLENGES } from '../pack.js';

import { runDrapeau } from './run-cli-process.js';

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const PLAYERS = 12;
const CHALLENGES = SOLVABLE_PACK_CHALLENGES.slice(0, 4).map((c) => ({ id: c.id, flag: deriveFlag(INSTANCE_SECRET, c.id) }));

/**
 * `npm run drapeau -- backup` while a real server runs and players solve (docs/operations.md "Backup and restore"): on
 * PGlite the tool asks the server over DATA_DIR/drapeau.sock, on PostgreSQL it reads a snapshot itself. The archive is
 * one consistent moment: restored elsewhere, every score is the sum of its solves.
 */
describe(`npm run drapeau -- backup while the server runs on ${kind}`, () => {
  let source: Store;
  let restored: Store;
  let server: ServerProcess;
  beforeAll(async () => {
    source = await createStore(kind);
    restored = await createStore(kind);
    await seedPlayers(source, PLAYERS);
    server = await startServer(source);
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await source?.destroy();
    await restored?.destroy();
  });

  it('writes a consistent archive while players solve, which restores into a stopped instance', async () => {
    const file = path.join(restored.env.DATA_DIR!, 'live.tar.gz');
    if (kind === 'pglite') {
      // Only the owner of DATA_DIR may ask the server for a backup (ADR 013).
      expect((await stat(path.join(source.env.DATA_DIR!, 'drapeau.sock'))).mode & 0o777).toBe(0o600);
    }
    let solving = true;
    const solves = Array.from({ length: PLAYERS }, async (_, i) => {
      for (let round = 0; solving; round += 1) {
        const challenge = CHALLENGES[round % CHALLENGES.length]!;
        await request(server.baseUrl, {
          path: `/api/challenges/${challenge.id}/submit`,
          method: 'POST',
          cookie: cookieOf(i + 1),
          json: { flag: round < CHALLENGES.length ? challenge.flag : 'CTF{wrong}' },
        });
      }
    });
    const backup = await runDrapeau(['backup', file], source.env);
    solving = false;
    await Promise.all(solves);

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    if (kind === 'pglite') expect(backup.stdout).toMatch(/^Backup written to .* by the running server: \d+ rows/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The server is still the one holding the data, and still answers.
    expect((await request(server.baseUrl, { path: '/api/health' })).status).toBe(200);

    const restore = await runDrapeau(['restore', file], restored.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const integrity = await checkIntegrity(restored, []);
    expect(integrity).toMatchObject({ scoreMismatches: 0, doubledSolves: 0 });
  });

  it.runIf(kind === 'pglite')('writes nothing when it cannot reach the server nor open the database', async () => {
    // A PGlite directory held by a process that offers no socket (as a server of an older version would).
    const held = await createStore('pglite');
    const { lockDataDir } = await import('../../src/lib/instance-lock.js');
    const release = await lockDataDir(held.env.DATA_DIR!);
    try {
      const file = path.join(held.env.DATA_DIR!, 'never.tar.gz');
      const run = await runDrapeau(['backup', file], held.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Refused: .* is in use by another Drapeau process/);
      await expect(stat(file)).rejects.toThrow();
    } finally {
      await release();
      await held.destroy();
    }
  });
});
