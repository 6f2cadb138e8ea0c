import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eventually } from '../../../../test/eventually.js';

/**
 * Podman's Docker-compatible service on a socket of the tests' own, with the configuration scripts/test-instances.sh
 * writes (scripts/containers/podman-env.sh), and the suite's service image built. `skipReason` outside that script, or
 * when podman is absent (printed; with DRAPEAU_INSTANCE_TESTS=1, as in CI, its absence fails instead).
 */
const containersDir = process.env.DRAPEAU_CONTAINERS_DIR ?? '/tmp/drapeau-containers';
export const TEST_IMAGE = 'localhost/drapeau-instance-test:1';
/** The pool whose outgoing connections scripts/test-instances.sh drops (docs/operations.md "Challenge instances"). */
export const TEST_POOL = '10.213.0.0/16';

const hasPodman = (() => {
  try {
    execFileSync('podman', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
// Only under scripts/test-instances.sh (DRAPEAU_INSTANCE_TESTS=1), which also sets the host rule the isolation test
// needs: a plain `npm run check` on a machine that happens to have podman does not run them without it.
export const skipReason =
  process.env.DRAPEAU_INSTANCE_TESTS !== '1'
    ? 'run by scripts/test-instances.sh (npm run test:instances), which sets the host rule they need'
    : hasPodman
      ? undefined
      : 'podman is not installed (scripts/test-instances.sh installs it)';

export function reportSkip(suite: string, reason = skipReason): void {
  if (!reason) return;
  if (process.env.DRAPEAU_INSTANCE_TESTS === '1') throw new Error(`DRAPEAU_INSTANCE_TESTS=1 but ${reason}`);
  console.log(`${suite} skipped: ${reason}`);
}

/** The environment of the suites' podman calls: the configuration scripts/test-instances.sh writes. */
export const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(containersDir, 'conf/containers.conf'),
  CONTAINERS_STORAGE_CONF: process.env.CONTAINERS_STORAGE_CONF ?? path.join(containersDir, 'conf/storage.conf'),
  TMPDIR: process.env.CONTAINERS_CONF ? process.env.TMPDIR : path.join(containersDir, 'tmp'),
};

/**
 * `registriesConf`: a registries.conf for this service only (CONTAINERS_REGISTRIES_CONF), such as the one that lets the
 * pull suite's engine reach its plain-HTTP registry; the other suites' engines keep the host's.
 */
export async function startPodmanEngine(
  options: { registriesConf?: string } = {},
): Promise<{ socketPath: string; appEnv: Record<string, string>; stop(): void }> {
  const env = {
    ...podmanEnv,
    ...(options.registriesConf ? { CONTAINERS_REGISTRIES_CONF: options.registriesConf } : {}),
  };
  execFileSync('podman', ['build', '-q', '-t', TEST_IMAGE, path.join(import.meta.dirname)], { env, stdio: 'ignore' });
  const dir = mkdtempSync(path.join(tmpdir(), 'drapeau-engine-'));
  const socketPath = path.join(dir, 'engine.sock');
  const service: ChildProcess = spawn('podman', ['system', 'service', '--time=0', `unix://${socketPath}`], {
    env,
    stdio: 'ignore',
  });
  await eventually(async () => {
    if (!existsSync(socketPath)) throw new Error(`podman system service made no socket at ${socketPath}`);
  });
  return {
    socketPath,
    /**
     * A test app's environment for this engine: instances published on 127.0.0.1, networks from TEST_POOL, and an
     * instance secret of this engine's own. The suites' engines share one storage, so each sees the others'
     * containers; the deployment label (a digest of the secret) keeps one suite's reaper from removing another's
     * instances as unknown to its record. A suite's app started again with this environment is the same deployment.
     */
    appEnv: {
      INSTANCE_SECRET: `test-instance-secret-${randomUUID()}`,
      INSTANCES_ENGINE_SOCKET: socketPath,
      INSTANCES_HOST: '127.0.0.1',
      INSTANCES_PUBLISH_ADDRESS: '127.0.0.1',
      INSTANCES_SUBNET_POOL: TEST_POOL,
    },
    stop() {
      service.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the suite's service (service.mjs) answers. */
interface ServiceAnswer {
  uid: number;
  flag: string;
  probes: Record<string, boolean>;
}

/** Sends one line to host:port and reads the service's JSON answer. */
const ask = (port: number, line: string, host: string) =>
  new Promise<ServiceAnswer>((resolve, reject) => {
    const socket = createConnection({ host, port, timeout: 10_000 });
    let text = '';
    socket.on('timeout', () => socket.destroy(new Error('no answer')));
    socket.on('connect', () => socket.write(`${line}\n`));
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as ServiceAnswer);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on('error', reject);
  });

/** Asks until the service answers: a started container takes a moment to listen. */
export const askWhenUp = (port: number, line: string, host = '127.0.0.1') => eventually(() => ask(port, line, host));
