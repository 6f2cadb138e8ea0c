import { spawnSync } from 'node:child_process';

import { isPostgresReachable, sleep } from './fault-helpers.js';

/** pg_ctlcluster for the local cluster (`ls /etc/postgresql`/main), or undefined when there is none. */
export function localCluster(): { version: string; name: string } | undefined {
  const which = spawnSync('sh', ['-c', 'command -v pg_ctlcluster && ls /etc/postgresql'], { encoding: 'utf8' });
  if (which.status !== 0) return undefined;
  const version = which.stdout.trim().split('\n').at(-1)?.trim();
  return version ? { version, name: 'main' } : undefined;
}

export function pgCtlCluster(cluster: { version: string; name: string }, action: 'start' | 'stop'): void {
  const args = ['--skip-systemctl-redirect', cluster.version, cluster.name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])];
  const result = spawnSync('pg_ctlcluster', args, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0 && !(action === 'start' && /already running/i.test(result.stderr))) {
    throw new Error(`pg_ctlcluster ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  }
}

export async function waitForPostgres(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isPostgresReachable()) return;
    await sleep(200);
  }
  throw new Error('PostgreSQL did not come back');
}
