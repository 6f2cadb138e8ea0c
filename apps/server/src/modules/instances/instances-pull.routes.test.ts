import { execFileSync } from 'node:child_process';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallengeServiceResult, PlayerInstance } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { importZip, zipOf } from '../../../test/ctfcli-fixture.js';

import { askWhenUp, podmanEnv, reportSkip, startPodmanEngine, TEST_IMAGE } from './test-support/podman-engine.js';
import { registrySkipReason, startRegistry } from './test-support/registry.js';

// docs/challenge-authoring.md "A challenge with a service": an imported challenge that names an image the engine lacks
// gets it pulled from its registry, here a real one on 127.0.0.1 (test-support/registry.ts), before players start it.
reportSkip('instances pull suite on the engine', registrySkipReason);

let registry: Awaited<ReturnType<typeof startRegistry>> | undefined;
let engine: Awaited<ReturnType<typeof startPodmanEngine>> | undefined;
let t: TestApp;
let admin: TestClient;
let reference = '';

const podman = (...args: string[]) => execFileSync('podman', args, { env: podmanEnv, stdio: 'pipe' }).toString();

/** The service's pull, once it is no longer under way (it runs after the import answers). */
async function buildOf(id: string): Promise<AdminChallengeServiceResult> {
  for (;;) {
    const result = (await admin.get(`/api/admin/challenges/${id}/service`)).json<AdminChallengeServiceResult>();
    if (result.build?.status !== 'building') return result;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe.skipIf(registrySkipReason !== undefined)('an image named by reference, pulled from a registry (podman)', () => {
  beforeAll(async () => {
    registry = await startRegistry();
    // Builds the suite's image, which is then pushed to the registry and its reference removed from the engine.
    engine = await startPodmanEngine({ registriesConf: registry.registriesConf });
    reference = `${registry.location}/drapeau/pulled-service:1`;
    podman('tag', TEST_IMAGE, reference);
    podman('push', '--tls-verify=false', reference);
    podman('rmi', reference);
    t = await buildTestApp({
      env: engine.appEnv,
    });
    admin = await loginAdmin(t.app);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    engine?.stop();
    if (reference) podman('rmi', '--ignore', reference);
    registry?.stop();
  }, 60_000);

  it('pulls the image the engine lacks, records the pull, and serves each player their own flag from it', async () => {
    expect(() => podman('image', 'exists', reference)).toThrow();
    const yml = [
      'name: Pulled service',
      'category: networking',
      'value: 100',
      'description: Connect and read.',
      `image: ${reference}`,
      'protocol: tcp',
      'drapeau:',
      '  flag_kind: per-user',
      '  instance: {port: 8080, lifetime: 30, memory: 64, cpus: 0.25}',
    ].join('\n');
    const imported = await importZip(admin, await zipOf({ 'pulled-service/challenge.yml': `${yml}\n` }));
    expect(imported.statusCode, imported.body).toBe(200);
    const { service, build } = await buildOf('pulled-service');
    expect(build?.status, build?.log).toBe('built');
    expect(service?.image).toBe(reference);
    expect(build?.log).toContain(`pulling ${reference}`);
    expect(build?.log).toMatch(/Trying to pull|Pulling from|Download complete|Copying/i);
    expect(podman('image', 'exists', reference)).toBe('');

    const player = await registerPlayer(t.app);
    const started = await player.client.post('/api/challenges/pulled-service/instance');
    expect(started.statusCode, started.body).toBe(200);
    const { flag } = await askWhenUp(started.json<PlayerInstance>().endpoint!.port, 'hello');
    expect((await player.client.post('/api/challenges/pulled-service/submit', { flag })).json()).toMatchObject({
      status: 'correct',
    });
    expect((await player.client.delete('/api/challenges/pulled-service/instance')).statusCode).toBe(200);
  }, 300_000);
});
