// The challenge instances' figure (docs/performance.md "Challenge instances"): on the local engine (podman's
// Docker-compatible service on a socket of its own), the built-in pack's web service started through the engine's
// provider, as a player's Start does after its database row: the time from the start to the first HTTP answer of the
// service, one at a time and 20 at once (p50, p99), then the memory of each of the 20 running (the engine's count for the
// container, and the host's memory taken per instance). Skipped, with the reason, where no engine can run.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { createContainerEngineProvider } from '../../apps/server/src/modules/instances/container-engine-provider.js';
import { createEngineApi } from '../../apps/server/src/modules/instances/engine-api.js';
import type { InstanceSpec } from '../../apps/server/src/modules/instances/provider.js';
import { buildPackImages } from '../../apps/server/src/modules/instances/test-support/pack-images.js';
import { startPodmanEngine, TEST_POOL } from '../../apps/server/src/modules/instances/test-support/podman-engine.js';

const AT_ONCE = 20;
const ONE_BY_ONE = 10;

export interface ChallengeInstancesResult {
  oneByOne: { p50Ms: number; p99Ms: number; n: number };
  atOnce: { p50Ms: number; p99Ms: number; totalMs: number; n: number };
  memory: { engineMeanMb: number; engineMaxMb: number; hostPerInstanceMb: number };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const memAvailableMb = () => Number(/MemAvailable:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024;

/** Why the figure cannot run here, if it cannot. */
export function challengeInstancesUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'needs root (podman and its networks)';
  try {
    execFileSync('podman', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'podman is not installed (npm run test:instances installs it and the base image the pack services build on)';
  }
  return undefined;
}

export async function runChallengeInstances(context: { log: (message: string) => void }): Promise<ChallengeInstancesResult> {
  const { log } = context;
  const engine = await startPodmanEngine();
  // Built as the server builds it from the pack (not again when the engine has it: after npm run test:instances).
  const image = await buildPackImages(engine.socketPath).then(
    (images) => images.get('sql-injection-extraction')!,
    (error: unknown) => {
      engine.stop();
      throw error;
    },
  );
  const provider = createContainerEngineProvider({
    api: createEngineApi({ socketPath: engine.socketPath }),
    publishHost: '127.0.0.1',
    endpointHost: '127.0.0.1',
    subnetPool: TEST_POOL,
    deployment: `bench-${crypto.randomUUID().slice(0, 8)}`,
  });
  const api = createEngineApi({ socketPath: engine.socketPath });
  const started: string[] = [];
  const spec = (): InstanceSpec => {
    const id = crypto.randomUUID();
    started.push(id);
    return {
      id,
      image,
      port: 8080,
      memoryMb: 64,
      cpus: 0.25,
      ownerKey: `user:bench-${id.slice(0, 8)}`,
      challengeId: 'sql-injection-extraction',
      expiresAt: new Date(Date.now() + 600_000),
      flag: `CTF{bench_${id.slice(0, 8)}}`,
    };
  };
  /** Milliseconds from the start to the service's first HTTP answer. */
  const startOne = async (): Promise<number> => {
    const begun = performance.now();
    const { endpoint } = await provider.create(spec());
    for (;;) {
      try {
        await (await fetch(`http://127.0.0.1:${endpoint!.port}/`)).arrayBuffer();
        return performance.now() - begun;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const stopAll = async () => {
    for (const id of started.splice(0)) await provider.delete(id).catch(() => undefined);
  };
  try {
    log(`challenge instances: ${ONE_BY_ONE} started one at a time`);
    const sequential: number[] = [];
    for (let i = 0; i < ONE_BY_ONE; i++) sequential.push(await startOne());
    await stopAll();

    log(`challenge instances: ${AT_ONCE} started at once`);
    const before = memAvailableMb();
    const begun = performance.now();
    const concurrent = await Promise.all(Array.from({ length: AT_ONCE }, startOne));
    const totalMs = performance.now() - begun;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const hostPerInstanceMb = (before - memAvailableMb()) / AT_ONCE;
    const usage = await Promise.all(
      started.map(async (id) => {
        const stats = await api<{ memory_stats?: { usage?: number } }>(
          'GET',
          `/containers/drapeau-instance-${id}/stats?stream=false`,
        );
        return (stats.memory_stats?.usage ?? 0) / 1024 / 1024;
      }),
    );
    return {
      oneByOne: { p50Ms: percentile(sequential, 50), p99Ms: percentile(sequential, 99), n: sequential.length },
      atOnce: { p50Ms: percentile(concurrent, 50), p99Ms: percentile(concurrent, 99), totalMs, n: concurrent.length },
      memory: {
        engineMeanMb: usage.reduce((a, b) => a + b, 0) / usage.length,
        engineMaxMb: Math.max(...usage),
        hostPerInstanceMb,
      },
    };
  } finally {
    await stopAll();
    engine.stop();
  }
}

export function renderChallengeInstances(result: ChallengeInstancesResult): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const mb = (n: number) => `${n.toFixed(1)} MB`;
  return [
    'Challenge instances (local engine, the pack web service; start → first HTTP answer)',
    `  one at a time (${result.oneByOne.n}): p50 ${ms(result.oneByOne.p50Ms)}, p99 ${ms(result.oneByOne.p99Ms)}`,
    `  ${result.atOnce.n} at once: p50 ${ms(result.atOnce.p50Ms)}, p99 ${ms(result.atOnce.p99Ms)}, all up in ${ms(result.atOnce.totalMs)}`,
    `  memory per running instance: ${mb(result.memory.engineMeanMb)} mean (max ${mb(result.memory.engineMaxMb)}) by the engine, ${mb(result.memory.hostPerInstanceMb)} of the host's`,
  ].join('\n');
}
