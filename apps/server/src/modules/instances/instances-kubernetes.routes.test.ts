import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../../test/build-test-app.js';
import { challengeInstances } from '../../db/schema/index.js';

/**
 * INSTANCES_PROVIDER=kubernetes picks the Kubernetes provider (wiring/instances.ts): players are offered Start, and a
 * cluster that cannot be reached fails the start cleanly (503 INSTANCE_START_FAILED, nothing left live, the next start
 * tries again). The cluster named here is a port where nothing listens; the provider's real runs are in
 * kubernetes.contract.test.ts (when KUBECONFIG names a cluster).
 */
let t: TestApp;
let dir: string;
const previousKubeconfig = process.env.KUBECONFIG;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'drapeau-kubeconfig-'));
  const kubeconfig = path.join(dir, 'config');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters: [{name: nowhere, cluster: {server: "https://127.0.0.1:1"}}]',
      'users: [{name: nobody, user: {token: not-a-token}}]',
      'contexts: [{name: nowhere, context: {cluster: nowhere, user: nobody}}]',
      'current-context: nowhere',
    ].join('\n'),
  );
  // Read by the client's default loading, as on a real deployment; put back after.
  process.env.KUBECONFIG = kubeconfig;
  t = await buildTestApp({ env: { INSTANCES_PROVIDER: 'kubernetes', INSTANCES_HOST: 'play.example.net' } });
});
afterAll(async () => {
  await t?.close();
  if (previousKubeconfig === undefined) delete process.env.KUBECONFIG;
  else process.env.KUBECONFIG = previousKubeconfig;
  rmSync(dir, { recursive: true, force: true });
});

describe('challenge instances on Kubernetes, chosen by configuration', () => {
  it('offers Start, and answers 503 INSTANCE_START_FAILED when the cluster cannot be reached, leaving nothing live', async () => {
    const admin = await loginAdmin(t.app);
    const service = { image: 'registry.example.org/web-sqli:1', protocol: 'http', port: 8080 };
    expect((await admin.put('/api/admin/challenges/caesar-cipher/service', service)).statusCode).toBe(200);
    const player = await registerPlayer(t.app);

    const state = await player.client.get('/api/challenges/caesar-cipher/instance');
    expect(state.json()).toMatchObject({ instance: null, enabled: true });
    for (let attempt = 0; attempt < 2; attempt++) {
      const start = await player.client.post('/api/challenges/caesar-cipher/instance', {});
      expect(start.statusCode).toBe(503);
      expect(start.json<{ error: { code: string } }>().error.code).toBe('INSTANCE_START_FAILED');
    }
    expect((await player.client.get('/api/challenges/caesar-cipher/instance')).json()).toMatchObject({ instance: null });
    // On Kubernetes each instance's NetworkPolicy isolates it: the host rule's check does not apply.
    expect((await admin.get('/api/admin/instances')).json()).toEqual({ instances: [], isolation: 'ok' });
  });

  it('answers 503 INSTANCE_ENGINE_UNAVAILABLE to an extension the cluster cannot take, and stops the instance anyway', async () => {
    const admin = await loginAdmin(t.app);
    const service = { image: 'registry.example.org/web-sqli:1', protocol: 'http', port: 8080, extendable: true };
    expect((await admin.put('/api/admin/challenges/caesar-cipher/service', service)).statusCode).toBe(200);
    const player = await registerPlayer(t.app);
    // An instance started while the cluster answered, which it no longer does.
    const now = Date.now();
    await t.database.db.insert(challengeInstances).values({
      id: randomUUID(),
      challengeId: 'caesar-cipher',
      ownerKey: `user:${player.userId}`,
      startedBy: player.userId,
      providerRef: 'drapeau-instance',
      status: 'running',
      endpointHost: 'play.example.net',
      endpointPort: 30_001,
      startedAt: new Date(now),
      expiresAt: new Date(now + 30 * 60_000),
    });
    const extend = await player.client.post('/api/challenges/caesar-cipher/instance/extend', {});
    expect(extend.statusCode).toBe(503);
    expect(extend.json<{ error: { code: string } }>().error.code).toBe('INSTANCE_ENGINE_UNAVAILABLE');
    const { instance } = (await player.client.get('/api/challenges/caesar-cipher/instance')).json<{
      instance: { expiresAt: string } | null;
    }>();
    expect(new Date(instance!.expiresAt).getTime()).toBe(now + 30 * 60_000);
    // Stopping ends it for the player at once; what the cluster runs is the reaper's once it answers again.
    expect((await player.client.delete('/api/challenges/caesar-cipher/instance')).statusCode).toBe(200);
    expect((await player.client.get('/api/challenges/caesar-cipher/instance')).json()).toMatchObject({ instance: null });
  });

  it("offers the built-in pack's services with no admin step: their challenge.yml declares them", async () => {
    const player = await registerPlayer(t.app);
    for (const id of ['sql-injection-extraction', 'format-string']) {
      expect((await player.client.get(`/api/challenges/${id}`)).json<{ hasService: boolean }>().hasService, id).toBe(true);
      expect((await player.client.get(`/api/challenges/${id}/instance`)).json(), id).toMatchObject({
        instance: null,
        enabled: true,
      });
    }
  });
});
