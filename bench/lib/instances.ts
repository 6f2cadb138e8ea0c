// `npm run bench -- --scenario=instances`: leaderboard reads from one instance and from two instances behind nginx (the
// README's configuration, as the several-instances test runs it), on one PostgreSQL database, with the bare Node server
// measured in the same run. On a 2-core machine the load generator, nginx, PostgreSQL and the instances share the cores:
// the figure shows what a second instance costs or brings there, not what it brings on a second machine.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { startNginx } from '../../apps/server/test/scale/cluster.js';

import { httpRequest, sleep } from './http-client.js';
import { type LoadResult, runLoad } from './load.js';
import { seedCompetition } from './seed.js';
import { freePort, SERVER_NODE_FLAGS, type ServerProcess, startServer } from './server-process.js';
import { dropPostgresDatabase, openPostgres, recreatePostgresDatabase } from './sql-runner.js';

export interface InstancesResult {
  bare: LoadResult;
  oneDirect: LoadResult;
  oneBehindNginx: LoadResult;
  twoBehindNginx: LoadResult;
}

export async function runInstancesScenario(context: {
  root: string;
  adminUrl: string;
  databaseName: string;
  entry: string;
  env: (dataDir: string, databaseUrl: string) => Record<string, string>;
  options: { users: number; solves: number; connections: number; duration: number; active: number };
  cookieOf: (i: number) => string;
  log: (message: string) => void;
  keep: boolean;
}): Promise<InstancesResult> {
  const { options, log } = context;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'drapeau-bench-instances-'));
  const databaseUrl = await recreatePostgresDatabase(context.adminUrl, context.databaseName);
  const servers: ServerProcess[] = [];
  const start = async (n: number) => {
    const dataDir = path.join(tmp, `data-${n}`);
    const { server } = await startServer({
      args: [...SERVER_NODE_FLAGS, context.entry],
      env: { ...context.env(dataDir, databaseUrl), TRUST_PROXY: 'true' },
      port: await freePort(),
      logFile: path.join(tmp, `server-${n}.log`),
    });
    servers.push(server);
    return server;
  };
  const cookies = Array.from({ length: options.active }, (_, i) => context.cookieOf(i + 1));
  const load = (baseUrl: string, pids: number[]) =>
    runLoad({
      baseUrl,
      path: '/api/leaderboard',
      cookies,
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: 2,
      serverPid: pids,
    });
  try {
    log('instances: first start, then seeding');
    const first = await start(0);
    await first.stop();
    servers.length = 0;
    const db = await openPostgres(databaseUrl);
    await seedCompetition(db, { users: options.users, solves: options.solves });
    await db.close();

    const a = await start(1);
    const page = await httpRequest(`${a.baseUrl}/api/leaderboard`, { headers: { cookie: context.cookieOf(1) } });
    if (page.status !== 200) throw new Error(`leaderboard answered ${page.status}`);
    await sleep(1000);
    log('instances: one instance, direct');
    const oneDirect = await load(a.baseUrl, [a.pid]);

    log('instances: one instance behind nginx');
    let nginx = await startNginx(await freePort(), [Number(new URL(a.baseUrl).port)]);
    const oneBehindNginx = await load(nginx.baseUrl, [a.pid]);
    await nginx.stop();

    const b = await start(2);
    await httpRequest(`${b.baseUrl}/api/leaderboard`, { headers: { cookie: context.cookieOf(1) } });
    log('instances: two instances behind nginx');
    nginx = await startNginx(await freePort(), [Number(new URL(a.baseUrl).port), Number(new URL(b.baseUrl).port)]);
    const twoBehindNginx = await load(nginx.baseUrl, [a.pid, b.pid]);
    await nginx.stop();
    for (const server of servers) await server.stop();
    servers.length = 0;

    log('instances: bare Node, the same bytes');
    const pageFile = path.join(tmp, 'page.json');
    await writeFile(pageFile, page.body);
    const { server: bareServer } = await startServer({
      args: ['--import', 'tsx', path.join(context.root, 'bench/bare-node-server.ts')],
      env: { ...(process.env as Record<string, string>), BARE_PAGE_FILE: pageFile, BARE_SEARCH_FILE: pageFile },
      port: await freePort(),
      logFile: path.join(tmp, 'bare.log'),
    });
    servers.push(bareServer);
    const bare = await load(bareServer.baseUrl, [bareServer.pid]);
    return { bare, oneDirect, oneBehindNginx, twoBehindNginx };
  } finally {
    for (const server of servers) await server.stop();
    if (context.keep) log(`instances: kept ${databaseUrl} and ${tmp}`);
    else {
      await dropPostgresDatabase(context.adminUrl, context.databaseName).catch(() => {});
      await rm(tmp, { recursive: true, force: true });
    }
  }
}

export function renderInstances(result: InstancesResult): string {
  const row = (name: string, r: LoadResult) =>
    `| ${name} | ${Math.round(r.requestsPerSecond)} | ${(r.requestsPerSecond / result.bare.requestsPerSecond).toFixed(2)}x | ` +
    `${r.p50Ms} / ${r.p99Ms} | ${Math.round(r.serverCpuUsPerRequest)} | ${r.non2xx + r.errors} |`;
  return [
    '| leaderboard page 1 | req/s | ratio to bare | p50 / p99 ms | server CPU µs/req | non-2xx + errors |',
    '|---|---|---|---|---|---|',
    row('bare Node', result.bare),
    row('one instance, direct', result.oneDirect),
    row('one instance behind nginx', result.oneBehindNginx),
    row('two instances behind nginx', result.twoBehindNginx),
    '',
    `two instances / one, both behind nginx: ${(result.twoBehindNginx.requestsPerSecond / result.oneBehindNginx.requestsPerSecond).toFixed(2)}x`,
  ].join('\n');
}
