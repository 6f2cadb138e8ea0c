import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AdminChallengeServiceResult, ChallengeServiceSchema } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { eventually } from '../../../test/eventually.js';

import { createInstancesRepository } from './instances.repository.js';
import { packServiceContexts } from './test-support/pack-images.js';

/** The instance routes' rules that hold with or without a container engine (the engine's: instances-engine.routes.test.ts). */
let t: TestApp;
let admin: TestClient;
const SERVICE = { image: 'localhost/web-sqli:1', protocol: 'http', port: 8080, scope: 'per-player', lifetimeMinutes: 30 };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

describe('challenge services and instances without an engine', () => {
  it('keeps the admin routes to admins', async () => {
    const player = await registerPlayer(t.app);
    const anonymous = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => t.app.inject({ method, url });
    const routes = [
      ['GET', '/api/admin/instances'],
      ['POST', '/api/admin/instances/stop-all'],
      ['DELETE', '/api/admin/instances/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/challenges/caesar-cipher/service'],
      ['PUT', '/api/admin/challenges/caesar-cipher/service'],
      ['DELETE', '/api/admin/challenges/caesar-cipher/service'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await anonymous(method, url)).statusCode, `${method} ${url}`).toBe(401);
      const asPlayer = await player.client.request({ method, url, ...(method === 'PUT' ? { payload: SERVICE } : {}) });
      expect(asPlayer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await admin.get('/api/admin/challenges/caesar-cipher/service')).json()).toEqual({ service: null, build: null });
    expect((await anonymous('GET', '/api/challenges/caesar-cipher/instance')).statusCode).toBe(401);
  });

  it('stores a challenge service with its defaults, refuses a bad one, and shows players none to start without an engine', async () => {
    const bad = await admin.put('/api/admin/challenges/caesar-cipher/service', { ...SERVICE, image: 'Bad Image!', port: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    expect((await admin.put('/api/admin/challenges/no-such-challenge/service', SERVICE)).statusCode).toBe(404);

    expect((await admin.put('/api/admin/challenges/caesar-cipher/service', SERVICE)).statusCode).toBe(200);
    expect((await admin.get('/api/admin/challenges/caesar-cipher/service')).json()).toEqual({
      service: { ...SERVICE, extendable: true, memoryMb: 256, cpus: 0.5 },
      build: null,
    });

    const player = await registerPlayer(t.app);
    // Without a provider, no challenge offers a Start that can only fail (with one: instances-kubernetes.routes.test.ts).
    const hasService = async (id: string) =>
      (await player.client.get(`/api/challenges/${id}`)).json<{ hasService: boolean }>().hasService;
    expect(await hasService('caesar-cipher')).toBe(false);
    const state = await player.client.get('/api/challenges/caesar-cipher/instance');
    expect(state.json()).toEqual({
      instance: null,
      enabled: false,
      service: { protocol: 'http', lifetimeMinutes: 30, extendable: true },
    });
    const start = await player.client.post('/api/challenges/caesar-cipher/instance', {});
    expect(start.statusCode).toBe(404);
    expect(start.json<{ error: { code: string } }>().error.code).toBe('NO_INSTANCE_SERVICE');
    // No image, no flag: what a player sees of the service.
    expect(state.body).not.toContain('web-sqli');

    const withoutService = await player.client.get('/api/challenges/hash-cracking/instance');
    expect(withoutService.json<{ error: { code: string } }>().error.code).toBe('NO_INSTANCE_SERVICE');

    expect((await admin.delete('/api/admin/challenges/caesar-cipher/service')).statusCode).toBe(200);
    expect((await player.client.get('/api/challenges/caesar-cipher/instance')).statusCode).toBe(404);
    expect(await hasService('caesar-cipher')).toBe(false);
  });

  it("declares the built-in pack's two services from its challenge.yml, offered to no player without a provider", async () => {
    const declared = {
      'sql-injection-extraction': { protocol: 'http', port: 8080 },
      'format-string': { protocol: 'tcp', port: 1337 },
    };
    const player = await registerPlayer(t.app);
    for (const [id, fields] of Object.entries(declared)) {
      const { service, build } = (await admin.get(`/api/admin/challenges/${id}/service`)).json<AdminChallengeServiceResult>();
      // Read by the import's code: the image is built from the pack's `service/` folder, tagged by its content.
      expect(service).toMatchObject({ ...fields, memoryMb: 64, cpus: 0.25, scope: 'per-player' });
      expect(service?.image).toMatch(new RegExp(`^localhost/drapeau-${id}:[0-9a-f]{12}$`));
      // The image the suites and the bench attack (test-support/pack-images.ts) is the one the server builds.
      expect(packServiceContexts().find((context) => context.challengeId === id)?.tag).toBe(service?.image);
      expect(build).toMatchObject({ status: 'failed', log: expect.stringMatching(/No container engine/) as string });
      expect((await player.client.get(`/api/challenges/${id}`)).json<{ hasService: boolean }>().hasService).toBe(false);
      const start = await player.client.post(`/api/challenges/${id}/instance`, {});
      expect(start.json<{ error: { code: string } }>().error.code).toBe('NO_INSTANCE_SERVICE');
    }
  });

  it('records an admin stop and stop-all in the audit log', async () => {
    expect((await admin.post('/api/admin/instances/stop-all', {})).json()).toEqual({ stopped: 0 });
    const audit = (await admin.get('/api/admin/audit')).json<{ entries: { action: string; details: object }[] }>();
    expect(audit.entries[0]).toMatchObject({ action: 'challenge-instance.stop-all', details: { stopped: 0 } });
  });

  it('does not leave a build that a stop of the server cut short under way: the next start makes it again', async () => {
    const repository = createInstancesRepository(t.database.db);
    const building = { status: 'building', log: '', finishedAt: null } as const;
    // As a server stopped in the middle left them: a folder being built, a reference being pulled.
    await repository.saveService(
      'caesar-cipher',
      ChallengeServiceSchema.parse({ ...SERVICE, image: 'localhost/cut-short:1' }),
      building,
      {
        folder: 'service',
        context: Buffer.from('a build context'),
      },
    );
    await repository.saveService(
      'xor-encryption',
      ChallengeServiceSchema.parse({ ...SERVICE, image: 'registry.example.org/x:1' }),
      building,
    );
    const next = await buildTestApp({ database: t.database });
    try {
      // Without an engine now: the folder cannot be built (saying why), and the reference is the provider's to fetch.
      await eventually(async () => {
        const folder = (await admin.get('/api/admin/challenges/caesar-cipher/service')).json<AdminChallengeServiceResult>();
        expect(folder.build).toMatchObject({ status: 'failed', log: expect.stringContaining('No container engine') });
        expect((await admin.get('/api/admin/challenges/xor-encryption/service')).json()).toMatchObject({ build: null });
      });
    } finally {
      await next.close();
      for (const id of ['caesar-cipher', 'xor-encryption']) await admin.delete(`/api/admin/challenges/${id}/service`);
    }
  });
});
