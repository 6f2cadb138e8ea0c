import { readFileSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallengeServiceResult, PlayerInstance } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../test/build-test-app.js';
import { importZip, zipOf } from '../../../test/ctfcli-fixture.js';
import { challengeServices } from '../../db/schema/index.js';

import { askWhenUp, reportSkip, skipReason, startPodmanEngine } from './test-support/podman-engine.js';

// docs/challenge-authoring.md "A challenge with a service": a ctfcli folder with a Dockerfile, imported, is built by the
// platform on the engine (its log kept for the admin) and served to players; a failed build says why.
reportSkip('instances build suite on the engine');

let engine: Awaited<ReturnType<typeof startPodmanEngine>> | undefined;
let t: TestApp;
let admin: TestClient;

/** The service's build, once it is no longer under way (the build runs after the import answers). */
async function buildOf(id: string): Promise<AdminChallengeServiceResult> {
  for (;;) {
    const result = (await admin.get(`/api/admin/challenges/${id}/service`)).json<AdminChallengeServiceResult>();
    if (result.build?.status !== 'building') return result;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const SERVICE_SOURCE = readFileSync(path.join(import.meta.dirname, 'test-support/service.mjs'), 'utf8');

describe.skipIf(skipReason !== undefined)('an imported folder with a Dockerfile, built and served (podman)', () => {
  beforeAll(async () => {
    engine = await startPodmanEngine();
    t = await buildTestApp({
      env: engine.appEnv,
    });
    admin = await loginAdmin(t.app);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    engine?.stop();
  }, 60_000);

  it("builds the folder's image, keeps the log, and serves each player their own flag from it", async () => {
    const yml = [
      'name: Built service',
      'category: networking',
      'value: 100',
      'description: Connect and read.',
      'image: .',
      'protocol: tcp',
      'drapeau:',
      '  flag_kind: per-user',
      '  instance: {lifetime: 30, memory: 64, cpus: 0.25}',
    ].join('\n');
    // A folder of this run's own (the engine keeps the images of earlier runs, and one already there is not built again).
    const dockerfile = `# run ${crypto.randomUUID()}\nFROM docker.io/library/node:20-bookworm-slim\nCOPY app/service.mjs /service.mjs\nEXPOSE 8080\nCMD ["node", "/service.mjs"]\n`;
    const folder = await zipOf({
      'built-service/challenge.yml': `${yml}\n`,
      'built-service/Dockerfile': dockerfile,
      'built-service/app/service.mjs': SERVICE_SOURCE,
    });
    const imported = await importZip(admin, folder);
    expect(imported.statusCode, imported.body).toBe(200);
    const { service, build } = await buildOf('built-service');
    expect(build?.status, build?.log).toBe('built');
    expect(build?.log).toMatch(/COPY app\/service\.mjs/);
    // The same folder again: the same tag, already on the engine, not built again.
    expect((await importZip(admin, folder)).statusCode).toBe(200);
    const again = await buildOf('built-service');
    expect(again.service?.image).toBe(service?.image);
    expect(again.build).toMatchObject({ status: 'built', log: expect.stringMatching(/is on the engine/) as string });
    expect(service).toMatchObject({
      port: 8080,
      memoryMb: 64,
      image: expect.stringMatching(/^localhost\/drapeau-built-service:/) as string,
    });

    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/challenges/built-service')).json<{ hasService: boolean }>().hasService).toBe(true);
    const started = await player.client.post('/api/challenges/built-service/instance');
    expect(started.statusCode, started.body).toBe(200);
    const instance = started.json<PlayerInstance>();
    const { flag } = await askWhenUp(instance.endpoint!.port, 'hello');
    expect((await player.client.post('/api/challenges/built-service/submit', { flag })).json()).toMatchObject({
      status: 'correct',
    });
    expect((await player.client.delete('/api/challenges/built-service/instance')).statusCode).toBe(200);
  }, 300_000);

  it('says clearly when a build fails, with the step and the error in the log', async () => {
    const imported = await importZip(
      admin,
      await zipOf({
        'broken-service/challenge.yml':
          'name: Broken service\ncategory: networking\nvalue: 50\nflags: ["CTF{x}"]\nimage: .\ndrapeau:\n  instance: {port: 8080}\n',
        'broken-service/Dockerfile': 'FROM localhost/debian:bookworm\nRUN echo compiling && exit 3\n',
      }),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const { build } = await buildOf('broken-service');
    expect(build?.status).toBe('failed');
    expect(build?.log).toMatch(/compiling/);
    expect(build?.log).toMatch(/exit status 3|returned a non-zero code: 3|exit code 3/i);
  }, 300_000);

  it('makes again, at the next start, a build that a stop of the server cut short', async () => {
    // As a server stopped in the middle of the build of a new tag left it: recorded under way, the folder kept.
    const tag = `localhost/drapeau-built-service:resumed-${crypto.randomUUID()}`;
    await t.database.db
      .update(challengeServices)
      .set({ image: tag, buildStatus: 'building', buildLog: '', builtAt: null })
      .where(eq(challengeServices.challengeId, 'built-service'));
    const next = await buildTestApp({ database: t.database, env: engine!.appEnv });
    try {
      const { service, build } = await buildOf('built-service');
      expect(service?.image).toBe(tag);
      expect(build?.status, build?.log).toBe('built');
      expect(build?.log).toMatch(/COPY app\/service\.mjs/);
    } finally {
      await next.close();
    }
  }, 300_000);
});
