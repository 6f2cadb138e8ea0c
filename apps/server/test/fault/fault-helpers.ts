import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { createDatabase, migrateDatabase } from '../../src/db/client.js';
import { keepDeploymentWideFlags } from '../pack.js';

import { request } from './fault-http.js';

export { request, type Response } from './fault-http.js';

/** apps/server */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const INSTANCE_SECRET = 'fault-instance-secret-0123456789';
const SESSION_SECRET = 'fault-session-secret-0123456789-abcdefghij';
export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------- SQL

interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The data a server runs on: a PGlite directory or a PostgreSQL database of its own. */
export interface Store {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** Opens the store from the test process (with PGlite, only while no server runs on it). */
  open(): Promise<Sql>;
  destroy(): Promise<void>;
}

export async function isPostgresReachable(url = POSTGRES_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function openPostgres(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

/**
 * A migrated, empty store in a fresh temporary directory (and a fresh PostgreSQL database for `postgres`), with the pack's
 * deployment-wide flags (test/pack.ts).
 */
export async function createStore(kind: 'pglite' | 'postgres'): Promise<Store> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `drapeau-fault-${kind}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  if (kind === 'postgres') {
    databaseName = `drapeau_fault_${randomBytes(5).toString('hex')}`;
    const admin = await openPostgres(POSTGRES_ADMIN_URL);
    await admin.query(`create database ${databaseName}`);
    await admin.close();
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    env.DATABASE_URL = databaseUrl;
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  const database = await createDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 1 } : { kind: 'pglite', dataDir: pgliteDir },
  );
  await migrateDatabase(database);
  await keepDeploymentWideFlags(database);
  await database.close();
  return {
    kind,
    env,
    open: async () => {
      if (databaseUrl) return openPostgres(databaseUrl);
      const client = await PGlite.create({ dataDir: pgliteDir });
      return {
        query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
        close: () => client.close(),
      };
    },
    destroy: async () => {
      if (databaseName) {
        const admin = await openPostgres(POSTGRES_ADMIN_URL).catch(() => undefined);
        await admin?.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
        await admin?.close();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ------------------------------------------------------------------------------------------------------- players

function playerId(i: number): string {
  return `fault-u${String(i).padStart(5, '0')}`;
}

/** The session cookie of player `i`, signed as better-auth signs it (`token.base64(HMAC-SHA256(secret, token))`). */
export function cookieOf(i: number): string {
  const token = createHash('md5').update(`drapeau-fault-session-${i}`).digest('hex');
  const signature = createHmac('sha256', SESSION_SECRET).update(token).digest('base64');
  return `drapeau.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Players 1..count with a session each, by bulk SQL (no password hashing). */
export async function seedPlayers(store: Store, count: number): Promise<void> {
  const db = await store.open();
  try {
    await db.query(
      `insert into users (id, name, email, email_verified, username, display_username, role)
       select 'fault-u' || lpad(i::text, 5, '0'), 'fault' || i, 'fault' || i || '@fault.invalid', true, 'fault' || i, 'fault' || i, 'user'
       from generate_series(1, $1::int) as i`,
      [count],
    );
    await db.query(
      `insert into sessions (id, expires_at, token, user_id)
       select 'fault-s' || i, now() + interval '7 days', md5('drapeau-fault-session-' || i), 'fault-u' || lpad(i::text, 5, '0')
       from generate_series(1, $1::int) as i`,
      [count],
    );
  } finally {
    await db.close();
  }
}

/** No (user, challenge) twice, every acknowledged solve present (scores are derived: nothing stored to check). */
export async function checkIntegrity(store: Store, acknowledged: readonly { player: number; challengeId: string }[]) {
  const db = await store.open();
  try {
    const [doubled] = await db.query<{ n: number }>(
      'select count(*)::int as n from (select 1 from solves group by user_id, challenge_id having count(*) > 1) d',
    );
    const rows = await db.query<{ user_id: string; challenge_id: string }>('select user_id, challenge_id from solves');
    const present = new Set(rows.map((r) => `${r.user_id}|${r.challenge_id}`));
    const missing = acknowledged.map((a) => `${playerId(a.player)}|${a.challengeId}`).filter((key) => !present.has(key));
    return {
      // No stored score to disagree with: scores are derived (docs/decisions/007-scoring.md).
      scoreMismatches: 0,
      doubledSolves: doubled?.n ?? -1,
      missing,
      solveCount: rows.length,
    };
  } finally {
    await db.close();
  }
}

// -------------------------------------------------------------------------------------------------------- server

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real server (src/main.ts through tsx, production mode) on `store` and waits for GET /api/health 200; on a free
 * port, or on `extraEnv.PORT`.
 */
export async function startServer(store: Store, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const logFile = path.join(store.env.DATA_DIR!, 'server.log');
  const log = openSync(logFile, 'a');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') env[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      INSTANCE_SECRET,
      SESSION_SECRET,
      ADMIN_EMAIL: 'admin@fault.invalid',
      ADMIN_USERNAME: 'faultadmin',
      ADMIN_PASSWORD: 'fault-admin-password',
      SUBMISSION_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      ...store.env,
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const server: ServerProcess = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    logFile,
    exited,
    isRunning: () => running,
    kill: async (signal) => {
      if (!running) return;
      child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`the server exited before answering:\n${tailOf(logFile)}`);
    const response = await request(server.baseUrl, { path: '/api/health', timeoutMs: 5000 }).catch(() => undefined);
    if (response?.status === 200) return server;
    await sleep(50);
  }
  await server.kill('SIGKILL');
  throw new Error(`the server did not answer within 90 s:\n${tailOf(logFile)}`);
}

export function tailOf(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
