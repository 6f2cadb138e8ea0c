import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { createDatabase, type Database } from '../../src/db/client.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run drapeau -- <args>` as the operator does (scripts/drapeau.mjs, a real process), with `env` added. */
export function runDrapeau(args: string[], env: Record<string, string>, stdin?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    const child = spawn(process.execPath, [path.join(root, 'scripts/drapeau.mjs'), ...args], {
      cwd: root,
      env: { ...base, NODE_ENV: 'test', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** A place for one instance's data: a DATA_DIR, and on PostgreSQL (DATABASE_URL set) a database of its own. */
export interface Instance {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** Opens the instance's database in this process (the CLI must have finished with it on PGlite). */
  open(): Promise<Database>;
  destroy(): Promise<void>;
}

export async function createInstance(kind: 'pglite' | 'postgres'): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-cli-'));
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      open: () => createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
      destroy: async () => {},
    };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is needed for a PostgreSQL instance');
  const name = `drapeau_cli_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    destroy: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
