import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallengeServiceResult, PlayerInstance } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { importZip, zipOf } from '../../../test/ctfcli-fixture.js';

import { askWhenUp, podmanEnv, reportSkip, startPodmanEngine, TEST_IMAGE } from './test-support/podman-engine.js';
import { registrySkipReason, startGate, startRegistry } from './test-support/registry.js';

// docs/challenge-authoring.md "A challenge with a service": an image the engine lacks, named by an imported challenge
// or typed in the editor, is pulled from its registry, here a real one on 127.0.0.1 (test-support/registry.ts), before
// players start it; a start while the pull is under way is told to try again.
reportSkip('instances pull suite on the engine', registrySkipReason);

let registry: Awaited<ReturnType<typeof startRegistry>> | undefined;
let gate: Awaited<ReturnType<typeof startGate>> | undefined;
let engine: Awaited<ReturnType<typeof startPodmanEngine>> | undefined;
let t: TestApp;
let admin: TestClient;
let reference = '';
/** The references this run pushed (removed from the engine after). */
const pushed: string[] = [];

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
    gate = await startGate(registry.location);
    appendFileSync(registry.registriesConf, `[[registry]]\nlocation = "${gate.location}"\ninsecure = true\n`);
    // Builds the suite's image, which is then pushed to the registry and its reference removed from the engine.
    engine = await startPodmanEngine({ registriesConf: registry.registriesConf });
    reference = `${registry.location}/drapeau/pulled-service:1`;
    podman('tag', TEST_IMAGE, reference);
    podman('push', '--tls-verify=false', reference);
    podman('rmi', reference);
    pushed.push(reference);
    t = await buildTestApp({
      env: engine.appEnv,
    });
    admin = await loginAdmin(t.app);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    engine?.stop();
    for (const image of pushed) podman('rmi', '--ignore', image);
    gate?.stop();
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

  it('pulls an image typed in the editor: a start meanwhile is told to try again, then the player solves it', async () => {
    const created = await admin.post('/api/admin/challenges', {
      id: 'typed-service',
      title: { en: 'Typed service', fr: 'Service saisi' },
      description: { en: 'Connect and read.', fr: 'Connectez-vous et lisez.' },
      category: 'web-server',
      level: 'easy',
      scoring: { type: 'static', points: 50 },
      flags: [{ kind: 'per-user', matcher: 'exact', content: '' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    // Pushed to the registry, named through the gate: the pull waits there until the test opens it.
    const pushedAs = `${registry!.location}/drapeau/typed-service:1`;
    const typed = `${gate!.location}/drapeau/typed-service:1`;
    podman('tag', TEST_IMAGE, pushedAs);
    podman('push', '--tls-verify=false', pushedAs);
    podman('rmi', pushedAs);
    pushed.push(pushedAs, typed);
    expect(() => podman('image', 'exists', typed)).toThrow();
    const service = { image: typed, protocol: 'tcp', port: 8080, lifetimeMinutes: 30, memoryMb: 64, cpus: 0.25 };
    expect((await admin.put('/api/admin/challenges/typed-service/service', service)).statusCode).toBe(200);
    expect(
      (await admin.get('/api/admin/challenges/typed-service/service')).json<AdminChallengeServiceResult>().build,
    ).toMatchObject({ status: 'building', finishedAt: null });

    const player = await registerPlayer(t.app);
    const early = await player.client.post('/api/challenges/typed-service/instance');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: { code: string } }>().error.code).toBe('INSTANCE_IMAGE_PENDING');
    expect(early.headers['retry-after']).toBe('30');
    expect((await player.client.get('/api/challenges/typed-service/instance')).json()).toMatchObject({ instance: null });

    gate!.open();
    const { build } = await buildOf('typed-service');
    expect(build?.status, build?.log).toBe('built');
    expect(build?.log).toContain(`pulling ${typed}`);
    expect(build?.log).toMatch(/Trying to pull|Pulling from|Download complete|Copying/i);
    expect(podman('image', 'exists', typed)).toBe('');
    // Saved again with the same image (another lifetime): the pull's record stays, nothing is pulled again.
    expect((await admin.put('/api/admin/challenges/typed-service/service', { ...service, lifetimeMinutes: 20 })).statusCode).toBe(
      200,
    );
    expect((await admin.get('/api/admin/challenges/typed-service/service')).json<AdminChallengeServiceResult>().build).toEqual(
      build,
    );

    const started = await player.client.post('/api/challenges/typed-service/instance');
    expect(started.statusCode, started.body).toBe(200);
    const { flag } = await askWhenUp(started.json<PlayerInstance>().endpoint!.port, 'hello');
    expect((await player.client.post('/api/challenges/typed-service/submit', { flag })).json()).toMatchObject({
      status: 'correct',
    });
    expect((await player.client.delete('/api/challenges/typed-service/instance')).statusCode).toBe(200);
  }, 300_000);

  it('says why a typed image could not be pulled, and saving it again once it exists pulls it', async () => {
    const later = `${registry!.location}/drapeau/pushed-later:1`;
    pushed.push(later);
    const service = { image: later, protocol: 'tcp', port: 8080, memoryMb: 64, cpus: 0.25 };
    expect((await admin.put('/api/admin/challenges/caesar-cipher/service', service)).statusCode).toBe(200);
    const failed = (await buildOf('caesar-cipher')).build;
    expect(failed?.status).toBe('failed');
    expect(failed?.log).toContain(`pulling ${later}`);
    expect(failed?.log).toMatch(/manifest unknown|not found/i);

    podman('tag', TEST_IMAGE, later);
    podman('push', '--tls-verify=false', later);
    podman('rmi', later);
    expect((await admin.put('/api/admin/challenges/caesar-cipher/service', service)).statusCode).toBe(200);
    const pulled = (await buildOf('caesar-cipher')).build;
    expect(pulled?.status, pulled?.log).toBe('built');
    expect(pulled?.log).toContain(`pulling ${later}`);
  }, 300_000);
});
