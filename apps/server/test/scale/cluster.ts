// Several real server processes on one PostgreSQL database and one Redis, behind a real nginx configured with the README's
// own configuration (README "Several instances"). Used by the several-instances test and by the fault suite.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { createDatabase, migrateDatabase } from '../../src/db/client.js';
import {
  cookieOf as faultCookieOf,
  POSTGRES_ADMIN_URL,
  type ServerProcess,
  sleep,
  startServer,
  type Store,
  tailOf,
} from '../fault/fault-helpers.js';
import { keepDeploymentWideFlags } from '../pack.js';

export { request, tailOf } from '../fault/fault-helpers.js';

/** A Redis database of the tests' own (the rate-limiter test uses 1); keys are per run anyway (player ids). */
const TEST_REDIS_URL = process.env.TEST_REDIS_SCALE_URL ?? 'redis://127.0.0.1:6379/2';

export async function isRedisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.on('connect', () => socket.write('PING\r\n'));
  });
}

// ------------------------------------------------------------------------------------------------------------ nginx

export * from './nginx.js';
import { freePort, type Nginx, startNginx } from './nginx.js';
export * from './live-stream.js';

// --------------------------------------------------------------------------------------------------------- cluster

interface Player {
  id: string;
  cookie: string;
}

export interface Cluster {
  nginx: Nginx;
  instances: ServerProcess[];
  store: Store;
  /** Players seeded with a session each, ids unique to this run (the Redis counters are keyed by them). */
  players: Player[];
  admin: Player;
  ports: number[];
  sql: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  /** Starts instance `i` again on its port (after a kill). */
  restart(i: number): Promise<ServerProcess>;
  stop(): Promise<void>;
}

/**
 * A fresh database (named after DATABASE_URL's, `<name>_scale_<hex>`), `count` instances on ports `basePort + 1..count`,
 * nginx on `basePort`. Each instance has its own DATA_DIR, as on separate machines.
 */
export async function startCluster(options: {
  count: number;
  /** nginx on basePort, the instances on the next ports; free ports when omitted. */
  basePort?: number | undefined;
  players: number;
  env?: Record<string, string>;
  /** No REDIS_URL: per-instance counters. */
  withoutRedis?: boolean;
}): Promise<Cluster> {
  const adminUrl = new URL(POSTGRES_ADMIN_URL);
  const baseName = decodeURIComponent(adminUrl.pathname.slice(1)) || 'postgres';
  const databaseName = `${baseName}_scale_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  // Migrated here rather than by the first instance, so that the pack keeps its deployment-wide flags (test/pack.ts).
  const database = await createDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  await migrateDatabase(database);
  await keepDeploymentWideFlags(database);
  await database.close();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle client lost while a fault test restarts PostgreSQL: the next query opens a new one.
  pool.on('error', () => {});
  const sql = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];

  const root = await mkdtemp(path.join(os.tmpdir(), 'drapeau-scale-'));
  const tag = randomBytes(4).toString('hex');
  const nginxPort = options.basePort ?? (await freePort());
  const ports: number[] = [];
  for (let i = 0; i < options.count; i += 1) ports.push(options.basePort ? options.basePort + 1 + i : await freePort());
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: 'true',
    METRICS_TOKEN: 'scale-metrics-token',
    ...(options.withoutRedis ? {} : { REDIS_URL: TEST_REDIS_URL }),
    ...options.env,
  };
  const storeOf = (i: number): Store => ({
    kind: 'postgres',
    env: { ...env, DATA_DIR: path.join(root, `instance-${i + 1}`) },
    open: async () => ({ query: sql, close: async () => {} }),
    destroy: async () => {},
  });
  const start = async (i: number) => {
    await mkdir(path.join(root, `instance-${i + 1}`), { recursive: true });
    return startServer(storeOf(i), { PORT: String(ports[i]) });
  };

  const instances: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
    await pool.end();
    const drop = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await drop.connect();
    await drop.query(`drop database if exists "${databaseName}" with (force)`);
    await drop.end();
    await rm(root, { recursive: true, force: true });
  };
  try {
    // The first instance starts alone (it loads the pack); the others then start together.
    instances.push(await start(0));
    instances.push(...(await Promise.all(ports.slice(1).map((_, i) => start(i + 1)))));
    nginx = await startNginx(nginxPort, ports);
    const players = await seedPlayers(sql, tag, options.players);
    const [adminPlayer] = await seedPlayers(sql, `${tag}a`, 1, 'admin');
    return {
      nginx,
      instances,
      store: storeOf(0),
      players,
      admin: adminPlayer!,
      ports,
      sql,
      restart: async (i) => (instances[i] = await start(i)),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Players with a session each by bulk SQL, as the fault suite seeds them, but with ids of this run's own. */
async function seedPlayers(sql: Cluster['sql'], tag: string, count: number, role: 'user' | 'admin' = 'user'): Promise<Player[]> {
  await sql(
    `insert into users (id, name, email, email_verified, username, display_username, role)
     select 's' || $2 || '-' || i, 's' || $2 || i, 's' || $2 || i || '@scale.invalid', true, 's' || $2 || i, 's' || $2 || i, $3
     from generate_series(1, $1::int) as i`,
    [count, tag, role],
  );
  // fault-helpers' cookieOf(n) signs md5('drapeau-fault-session-' || n): a session number unique to this run.
  const base = Number.parseInt(tag.slice(0, 6), 16) * 1000 + (role === 'admin' ? 900 : 0);
  await sql(
    `insert into sessions (id, expires_at, token, user_id)
     select 's' || $2 || '-s' || i, now() + interval '7 days', md5('drapeau-fault-session-' || ($3::bigint + i)), 's' || $2 || '-' || i
     from generate_series(1, $1::int) as i`,
    [count, tag, base],
  );
  return Array.from({ length: count }, (_, i) => ({ id: `s${tag}-${i + 1}`, cookie: faultCookieOf(base + i + 1) }));
}

// ----------------------------------------------------------------------------------------------------------- clients

/** The value of a metric (summed over its label sets matching `labelFilter`) on one instance. */
export async function metricOf(baseUrl: string, name: string, labelFilter = ''): Promise<number> {
  const response = await new Promise<string>((resolve, reject) => {
    http
      .get(`${baseUrl}/metrics`, { headers: { authorization: 'Bearer scale-metrics-token' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
  let sum = 0;
  for (const line of response.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!(rest.startsWith(' ') || rest.startsWith('{'))) continue;
    if (labelFilter && !rest.includes(labelFilter)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** Stops the local Redis (SHUTDOWN NOSAVE) and starts it again with the machine's own command. */
export function redisShutdown(): void {
  execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'shutdown', 'nosave'], { stdio: 'ignore' });
}
export function redisStart(): void {
  execFileSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      '6379',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/var/lib/redis',
      '--logfile',
      '/var/log/redis/ci.log',
    ],
    { stdio: 'ignore' },
  );
}

// -------------------------------------------------------------------------------------------------------- integrity

/** No (user, challenge) twice, every acknowledged solve present (scores are derived: nothing stored to check). */
export async function checkClusterIntegrity(
  sql: Cluster['sql'],
  acknowledged: readonly { userId: string; challengeId: string }[],
): Promise<{ scoreMismatches: number; doubledSolves: number; missing: string[]; solveCount: number }> {
  const [doubled] = await sql<{ n: number }>(
    'select count(*)::int as n from (select 1 from solves group by user_id, challenge_id having count(*) > 1) d',
  );
  const rows = await sql<{ user_id: string; challenge_id: string }>('select user_id, challenge_id from solves');
  const present = new Set(rows.map((r) => `${r.user_id}|${r.challenge_id}`));
  const missing = acknowledged.map((a) => `${a.userId}|${a.challengeId}`).filter((key) => !present.has(key));
  return {
    // No stored score to disagree with: scores are derived (docs/decisions/007-scoring.md).
    scoreMismatches: 0,
    doubledSolves: doubled?.n ?? -1,
    missing,
    solveCount: rows.length,
  };
}

/** Waits (bounded, polling) until `file` contains `text`. */
export async function waitForLog(file: string, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file) && readFileSync(file, 'utf8').includes(text)) return;
    await sleep(50);
  }
  throw new Error(`"${text}" not in ${file} within ${timeoutMs} ms:\n${tailOf(file)}`);
}
