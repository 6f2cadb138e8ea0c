import { createConnection } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminInstance, PlayerInstance, PlayerInstanceState } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, TestClient } from '../../../test/build-test-app.js';
import { eventually } from '../../../test/eventually.js';
import { createManualClock } from '../../../test/manual-clock.js';
import { createTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../../db/client.js';

import { askWhenUp, reportSkip, skipReason, startPodmanEngine, TEST_IMAGE } from './test-support/podman-engine.js';

reportSkip('instances route suite on the engine');

const METRICS_TOKEN = 'instances-metrics-token-0123456789';
const clock = createManualClock();
let engine: Awaited<ReturnType<typeof startPodmanEngine>> | undefined;
let database: Database;
let t: TestApp;
let admin: TestClient;
let env: Record<string, string>;

/** Whether something answers on the port within a few seconds. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 3000 });
    socket.on('connect', () => socket.write('hello\n'));
    socket.on('data', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
const errorCode = (response: { json: <T>() => T }) => response.json<{ error: { code: string; message: string } }>().error;

async function createServiceChallenge(id: string) {
  const created = await admin.post('/api/admin/challenges', {
    id,
    title: { en: `Service ${id}`, fr: `Service ${id}` },
    description: { en: 'Connect and read.', fr: 'Connectez-vous et lisez.' },
    category: 'web-server',
    level: 'easy',
    scoring: { type: 'static', points: 50 },
    flags: [{ kind: 'per-user', matcher: 'exact', content: '' }],
  });
  expect(created.statusCode).toBe(201);
  const service = { image: TEST_IMAGE, protocol: 'tcp', port: 8080, lifetimeMinutes: 30, memoryMb: 64, cpus: 0.25 };
  expect((await admin.put(`/api/admin/challenges/${id}/service`, service)).statusCode).toBe(200);
  // An image the engine has is used as it is (no registry holds this one): ready when the save has answered.
  expect((await admin.get(`/api/admin/challenges/${id}/service`)).json()).toMatchObject({
    build: { status: 'built', log: `${TEST_IMAGE} is on the engine\n` },
  });
}

describe.skipIf(skipReason !== undefined)('challenge instances on the container engine (podman)', () => {
  beforeAll(async () => {
    engine = await startPodmanEngine();
    env = {
      METRICS_TOKEN,
      ...engine.appEnv,
      INSTANCES_MAX_PER_PLAYER: '2',
      INSTANCES_MAX_RUNNING: '3',
    };
    database = await createTestDatabase();
    t = await buildTestApp({ database, clock, env });
    admin = await loginAdmin(t.app);
    for (const id of ['svc-a', 'svc-b', 'svc-c']) await createServiceChallenge(id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    engine?.stop();
  }, 60_000);

  let one: Awaited<ReturnType<typeof registerPlayer>>;
  /** A player whose instance expires in the test of expiry, and the flag they read from it before. */
  let expired: { email: string; password: string; flag: string };
  let oneInstance: PlayerInstance;

  it("starts each player's own instance holding their own flag, which is accepted, also once the instance is stopped", async () => {
    one = await registerPlayer(t.app);
    const two = await registerPlayer(t.app);
    const started = await one.client.post('/api/challenges/svc-a/instance');
    expect(started.statusCode).toBe(200);
    oneInstance = started.json<PlayerInstance>();
    expect(oneInstance).toMatchObject({ challengeId: 'svc-a', status: 'running', scope: 'per-player', extendable: true });
    const port = oneInstance.endpoint!.port;
    expect(oneInstance.endpoint).toEqual({
      protocol: 'tcp',
      host: '127.0.0.1',
      port,
      url: null,
      command: `nc 127.0.0.1 ${port}`,
    });
    const flagOne = (await askWhenUp(port, 'hello')).flag;
    expect(flagOne).toMatch(/^CTF\{/);
    // Starting again gives the same instance: one per player and challenge.
    expect((await one.client.post('/api/challenges/svc-a/instance')).json<PlayerInstance>().endpoint!.port).toBe(port);

    const twoInstance = (await two.client.post('/api/challenges/svc-a/instance')).json<PlayerInstance>();
    const flagTwo = (await askWhenUp(twoInstance.endpoint!.port, 'hello')).flag;
    expect(flagTwo).not.toBe(flagOne);
    // The flag of another player's instance is refused and raises the shared-flag incident, naming both.
    expect((await two.client.post('/api/challenges/svc-a/submit', { flag: flagOne })).json()).toMatchObject({
      status: 'incorrect',
    });
    expect((await admin.get('/api/admin/incidents')).json<{ incidents: unknown[] }>().incidents[0]).toMatchObject({
      challengeId: 'svc-a',
      submitterId: two.userId,
      ownerId: one.userId,
    });

    expect((await one.client.post('/api/challenges/svc-a/submit', { flag: flagOne })).json()).toMatchObject({
      status: 'correct',
    });
    expect((await two.client.delete('/api/challenges/svc-a/instance')).statusCode).toBe(200);
    expect((await two.client.get('/api/challenges/svc-a/instance')).json<PlayerInstanceState>().instance).toBeNull();
    expect(await answers(twoInstance.endpoint!.port)).toBe(false);
    // The flag of a stopped instance is still the player's: accepted.
    expect((await two.client.post('/api/challenges/svc-a/submit', { flag: flagTwo })).json()).toMatchObject({
      status: 'correct',
    });
    expect((await two.client.delete('/api/challenges/svc-a/instance')).statusCode).toBe(404);
  }, 120_000);

  it('keeps each player to their total and the deployment to its cap, whatever the concurrency', async () => {
    const three = await registerPlayer(t.app);
    const starts = await Promise.all(
      ['svc-a', 'svc-b', 'svc-c'].map((id) => three.client.post(`/api/challenges/${id}/instance`)),
    );
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    expect(errorCode(starts.find((r) => r.statusCode === 409)!).code).toBe('INSTANCE_LIMIT');

    // One's instance and three's two: the deployment's three places are taken.
    const four = await registerPlayer(t.app);
    const full = await four.client.post('/api/challenges/svc-b/instance');
    expect(full.statusCode).toBe(429);
    expect(errorCode(full).code).toBe('INSTANCES_FULL');
    expect(errorCode(full).message).toMatch(/try again at \d\d:\d\d UTC/);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);

    const listed = (await admin.get('/api/admin/instances')).json<{ instances: AdminInstance[] }>().instances;
    expect(listed).toHaveLength(3);
    expect(listed.map((i) => i.owner.name).sort()).toEqual([one.username, three.username, three.username].sort());
    const stopped = listed.find((i) => i.owner.name === three.username)!;
    expect((await admin.delete(`/api/admin/instances/${stopped.id}`)).statusCode).toBe(200);
    expect(await answers(stopped.endpoint!.port)).toBe(false);
    const fourStarted = await four.client.post('/api/challenges/svc-b/instance');
    expect(fourStarted.statusCode).toBe(200);
    expired = { ...four, flag: (await askWhenUp(fourStarted.json<PlayerInstance>().endpoint!.port, 'hello')).flag };

    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/^drapeau_instances_running 3$/m);
    expect(metrics.body).toMatch(/^drapeau_instance_starts_total [5-9]$/m);
    expect(metrics.body).toMatch(/^drapeau_instance_start_seconds_count [5-9]$/m);
    expect(metrics.body).toMatch(/^drapeau_instance_start_failures_total 0$/m);
  }, 120_000);

  it('extends an instance, ends it at its expiry, and the reaper of a restarted server removes what expired meanwhile', async () => {
    clock.advance(10 * 60_000);
    const extendedAnswer = await one.client.post('/api/challenges/svc-a/instance/extend');
    expect(extendedAnswer.statusCode, extendedAnswer.body).toBe(200);
    const extended = extendedAnswer.json<PlayerInstance>();
    expect(new Date(extended.expiresAt).getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    expect(new Date(extended.expiresAt) > new Date(oneInstance.expiresAt)).toBe(true);

    const running = (await admin.get('/api/admin/instances')).json<{ instances: AdminInstance[] }>().instances;
    await t.close();
    clock.advance(45 * 60_000);
    t = await buildTestApp({ database, clock, env });
    admin = await loginAdmin(t.app);
    // The reaper's first pass runs at start: every instance expired while the server was down.
    await eventually(async () =>
      expect((await admin.get('/api/admin/instances')).json<{ instances: unknown[] }>().instances).toEqual([]),
    );
    for (const instance of running) await eventually(async () => expect(await answers(instance.endpoint!.port)).toBe(false));
    expect((await admin.post('/api/admin/instances/stop-all')).json()).toEqual({ stopped: 0 });

    // The flag read from an instance that has since expired (and been reaped) is still its player's: accepted.
    const again = new TestClient(t.app);
    expect((await again.post('/api/auth/login', { email: expired.email, password: expired.password })).statusCode).toBe(200);
    expect((await again.post('/api/challenges/svc-b/submit', { flag: expired.flag })).json()).toMatchObject({
      status: 'correct',
    });
  }, 120_000);

  it("stops a challenge's instances at once when its service is removed, or it is hidden or deleted", async () => {
    await createServiceChallenge('svc-gone');
    const player = await registerPlayer(t.app);
    const start = async () => {
      const started = await player.client.post('/api/challenges/svc-gone/instance');
      expect(started.statusCode, started.body).toBe(200);
      const { port } = started.json<PlayerInstance>().endpoint!;
      await askWhenUp(port, 'hello');
      return port;
    };
    /** The catalogue's change reaches the instances through the event bus, a moment after the answer. */
    const goneSoon = async (port: number) => {
      await eventually(async () => expect(await answers(port)).toBe(false));
      expect((await admin.get('/api/admin/instances')).json<{ instances: unknown[] }>().instances).toEqual([]);
    };
    const service = { image: TEST_IMAGE, protocol: 'tcp', port: 8080, lifetimeMinutes: 30, memoryMb: 64, cpus: 0.25 };

    let port = await start();
    expect((await admin.delete('/api/admin/challenges/svc-gone/service')).statusCode).toBe(200);
    // Removed with the service, before the answer.
    expect(await answers(port)).toBe(false);
    expect((await admin.get('/api/admin/instances')).json<{ instances: unknown[] }>().instances).toEqual([]);

    expect((await admin.put('/api/admin/challenges/svc-gone/service', service)).statusCode).toBe(200);
    port = await start();
    expect((await admin.patch('/api/admin/challenges/svc-gone', { state: 'hidden' })).statusCode).toBe(200);
    await goneSoon(port);

    expect((await admin.patch('/api/admin/challenges/svc-gone', { state: 'visible' })).statusCode).toBe(200);
    port = await start();
    expect((await admin.delete('/api/admin/challenges/svc-gone')).statusCode).toBe(200);
    await goneSoon(port);
  }, 120_000);
});
