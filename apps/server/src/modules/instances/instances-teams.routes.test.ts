import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PlayerInstance, PlayerInstanceState } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../test/build-test-app.js';

import { askWhenUp, reportSkip, skipReason, startPodmanEngine, TEST_IMAGE } from './test-support/podman-engine.js';

// docs/product.md "Challenge instances": a per-team service in team mode is the team's (one instance, the team's flag),
// and a player in no team starts none. On the engine, in an app of its own (team mode is set before anything is solved).
reportSkip('instances team suite on the engine');

let engine: Awaited<ReturnType<typeof startPodmanEngine>> | undefined;
let t: TestApp;

describe.skipIf(skipReason !== undefined)('a per-team service in team mode (podman)', () => {
  beforeAll(async () => {
    engine = await startPodmanEngine();
    t = await buildTestApp({
      env: engine.appEnv,
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    engine?.stop();
  }, 60_000);

  it("gives a team one instance holding the team's flag, and a player in no team none", async () => {
    const admin = await loginAdmin(t.app);
    expect((await admin.patch('/api/admin/settings', { teams: { enabled: true, maxSize: 3 } })).statusCode).toBe(200);
    const created = await admin.post('/api/admin/challenges', {
      id: 'svc-team',
      title: { en: 'Team service', fr: 'Service d’équipe' },
      description: { en: 'Connect and read.', fr: 'Connectez-vous et lisez.' },
      category: 'web-server',
      level: 'easy',
      scoring: { type: 'static', points: 50 },
      flags: [{ kind: 'per-user', matcher: 'exact', content: '' }],
    });
    expect(created.statusCode).toBe(201);
    const service = { image: TEST_IMAGE, protocol: 'tcp', port: 8080, scope: 'per-team', memoryMb: 64, cpus: 0.25 };
    expect((await admin.put('/api/admin/challenges/svc-team/service', service)).statusCode).toBe(200);

    const [captain, mate, alone] = await Promise.all([registerPlayer(t.app), registerPlayer(t.app), registerPlayer(t.app)]);
    const refused = await alone.client.post('/api/challenges/svc-team/instance');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('TEAM_REQUIRED');

    const team = (await captain.client.post('/api/teams', { name: 'Pair' })).json<{ inviteCode: string }>();
    expect((await mate.client.post('/api/teams/join', { code: team.inviteCode })).statusCode).toBe(200);
    const started = await captain.client.post('/api/challenges/svc-team/instance');
    expect(started.statusCode, started.body).toBe(200);
    const { port } = started.json<PlayerInstance>().endpoint!;
    // The mate sees the team's instance, and starting again gives that one.
    const seen = (await mate.client.get('/api/challenges/svc-team/instance')).json<PlayerInstanceState>();
    expect(seen.instance?.endpoint?.port).toBe(port);
    expect((await mate.client.post('/api/challenges/svc-team/instance')).json<PlayerInstance>().endpoint!.port).toBe(port);

    const { flag } = await askWhenUp(port, 'hello');
    expect((await mate.client.post('/api/challenges/svc-team/submit', { flag })).json()).toMatchObject({ status: 'correct' });
    expect((await mate.client.delete('/api/challenges/svc-team/instance')).statusCode).toBe(200);
    expect((await captain.client.get('/api/challenges/svc-team/instance')).json<PlayerInstanceState>().instance).toBeNull();
  }, 180_000);
});
