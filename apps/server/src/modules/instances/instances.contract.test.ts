import { createServer, type Server } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContainerEngineProvider } from './container-engine-provider.js';
import { createEngineApi, type EngineApi } from './engine-api.js';
import type { InstanceProvider, InstanceSpec } from './provider.js';
import { askWhenUp, reportSkip, skipReason, startPodmanEngine, TEST_IMAGE, TEST_POOL } from './test-support/podman-engine.js';
import { itKeepsTheLifecycleContract } from './test-support/provider-contract.js';

/**
 * The provider contract (provider.ts) against the real local engine: podman's Docker-compatible service, started here on
 * a socket of our own and stopped after. Runs where podman is (CI's container step: scripts/test-instances.sh, which also
 * sets the host rule of docs/operations.md "Challenge instances"); skipped, with the reason printed, elsewhere.
 */
reportSkip('instances contract suite');

describe.skipIf(skipReason !== undefined)('instance provider contract: local container engine (podman)', () => {
  let engine: Awaited<ReturnType<typeof startPodmanEngine>> | undefined;
  let api: EngineApi;
  let provider: InstanceProvider;
  /** Stands for Drapeau: a port open on every address of the host. */
  let drapeau: Server;
  let drapeauPort: number;
  const started: string[] = [];

  const spec = (overrides: Partial<InstanceSpec> = {}): InstanceSpec => {
    const id = crypto.randomUUID();
    started.push(id);
    return {
      id,
      image: TEST_IMAGE,
      port: 8080,
      memoryMb: 64,
      cpus: 0.25,
      ownerKey: 'user:alice',
      challengeId: 'contract-suite',
      expiresAt: new Date(Date.now() + 600_000),
      flag: `CTF{contract_${id.slice(0, 8)}}`,
      ...overrides,
    };
  };

  beforeAll(async () => {
    engine = await startPodmanEngine();
    api = createEngineApi({ socketPath: engine.socketPath });
    provider = createContainerEngineProvider({
      api,
      publishHost: '127.0.0.1',
      endpointHost: '127.0.0.1',
      subnetPool: TEST_POOL,
      deployment: `contract-${crypto.randomUUID().slice(0, 8)}`,
    });
    drapeau = createServer((socket) => socket.end()).listen(0, '0.0.0.0');
    await new Promise((resolve) => drapeau.once('listening', resolve));
    drapeauPort = (drapeau.address() as { port: number }).port;
  }, 120_000);

  afterAll(async () => {
    for (const id of started) await provider?.delete(id).catch(() => undefined);
    drapeau?.close();
    engine?.stop();
  }, 60_000);

  itKeepsTheLifecycleContract(() => ({ provider, spec }));

  it('runs each instance without privileges and within its limits', async () => {
    const wanted = spec({ memoryMb: 48, cpus: 0.5 });
    await provider.create(wanted);
    const inspected = await api<{
      Config: { User: string };
      HostConfig: {
        Memory: number;
        NanoCpus: number;
        PidsLimit: number;
        CapDrop: string[] | null;
        CapAdd: string[] | null;
        ReadonlyRootfs: boolean;
        Privileged: boolean;
        SecurityOpt: string[] | null;
      };
      Config_Labels?: unknown;
    }>('GET', `/containers/drapeau-instance-${wanted.id}/json`);
    expect(inspected.HostConfig.Memory).toBe(48 * 1024 * 1024);
    expect(inspected.HostConfig.NanoCpus).toBe(500_000_000);
    expect(inspected.HostConfig.PidsLimit).toBeGreaterThan(0);
    expect(inspected.HostConfig.PidsLimit).toBeLessThanOrEqual(128);
    expect(inspected.HostConfig.Privileged).toBe(false);
    expect(inspected.HostConfig.ReadonlyRootfs).toBe(true);
    expect(inspected.HostConfig.CapAdd ?? []).toEqual([]);
    expect((inspected.HostConfig.SecurityOpt ?? []).join(' ')).toMatch(/no-new-privileges/);
    expect(inspected.Config.User).not.toMatch(/^(root|0)?(:|$)/);
  }, 120_000);

  it('gives an instance no way to Drapeau, its database, the host or another instance', async () => {
    const target = await provider.create(spec({ ownerKey: 'user:bob' }));
    const targetIp = Object.values(
      (
        await api<{ NetworkSettings: { Networks: Record<string, { IPAddress: string }> } }>(
          'GET',
          `/containers/drapeau-instance-${target.id}/json`,
        )
      ).NetworkSettings.Networks,
    )[0]!.IPAddress;
    const prober = await provider.create(spec());
    // The prober reaches its own service (the probe works), and nothing else.
    const targets = [
      `gateway:${drapeauPort}`,
      'gateway:5432',
      '127.0.0.1:5432',
      `${targetIp}:8080`,
      `gateway:${target.endpoint!.port}`,
      '1.1.1.1:80',
    ];
    const answer = await askWhenUp(prober.endpoint!.port, `probe 127.0.0.1:8080 ${targets.join(' ')}`);
    expect(answer.probes['127.0.0.1:8080']).toBe(true);
    for (const t of targets) expect({ [t]: answer.probes[t] }).toEqual({ [t]: false });
    // The other instance itself is up: unreachable from the prober, not down.
    expect((await askWhenUp(target.endpoint!.port, 'hello')).flag).toMatch(/^CTF\{contract_/);
  }, 120_000);
});
