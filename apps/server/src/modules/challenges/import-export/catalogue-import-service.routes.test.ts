import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminChallengeServiceResult, ImportChallengeWarning, PublicChallenge } from '@drapeau/shared';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../../../test/build-test-app.js';
import { importZip, zipOf } from '../../../../test/ctfcli-fixture.js';

import { openZip } from './archive.js';

// docs/challenge-authoring.md "A challenge with a service": ctfcli's `image`, `protocol` and `connection_info`, and
// Drapeau's `drapeau.instance` block, in each layout, then exported back. No container engine here: an image to build or
// pull is recorded as failed with why (the engine's side: scripts/test-instances.sh). Runs on PostgreSQL too.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(async () => t?.close());

const yml = (name: string, rest = '') =>
  `name: "${name}"\ncategory: web-server\nvalue: 100\nflags:\n  - CTF{${name.length}}\n${rest}`;
const importFiles = async (files: Record<string, string>) => importZip(admin, await zipOf(files));
const serviceOf = async (id: string) =>
  (await admin.get(`/api/admin/challenges/${id}/service`)).json<AdminChallengeServiceResult>();
const problems = (response: { json: <T>() => T }) =>
  response.json<{ error: { problems: { field: string | null; message: string }[] } }>().error.problems;

describe('a challenge with a service, imported and exported', () => {
  it('reads a folder with a Dockerfile: its EXPOSEd port, the protocol and the drapeau.instance block', async () => {
    const response = await importFiles({
      'svc-folder/challenge.yml': yml(
        'Svc folder',
        'image: .\nprotocol: http\ndrapeau:\n  instance: {mode: per-team, lifetime: 45, extendable: false, memory: 128m, cpus: 0.25}\n',
      ),
      'svc-folder/Dockerfile': 'FROM localhost/debian:bookworm\nEXPOSE 8080/tcp\nCMD ["sleep", "1"]\n',
      'svc-folder/src/app.py': 'print("hello")\n',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { service, build } = await serviceOf('svc-folder');
    expect(service).toEqual({
      image: expect.stringMatching(/^localhost\/drapeau-svc-folder:[0-9a-f]{12}$/) as string,
      protocol: 'http',
      port: 8080,
      scope: 'per-team',
      lifetimeMinutes: 45,
      extendable: false,
      memoryMb: 128,
      cpus: 0.25,
    });
    expect(build).toMatchObject({ status: 'failed', log: expect.stringContaining('No container engine') as string });
  });

  it('reads an image reference with its port, and a folder named by path (`image: ./service`)', async () => {
    const response = await importFiles({
      'svc-ref/challenge.yml': yml(
        'Svc ref',
        'image: registry.example.org/ctf/pwn:2\nprotocol: tcp\ndrapeau:\n  instance:\n    port: 1337\n',
      ),
      'svc-sub/challenge.yml': yml('Svc sub', 'image: ./service\nprotocol: tcp\n'),
      'svc-sub/service/Dockerfile': 'FROM localhost/debian:bookworm\nEXPOSE 31337\n',
    });
    expect(response.statusCode, response.body).toBe(200);
    // A reference is the provider's to fetch where no engine pulls it (on Kubernetes, the nodes): nothing recorded.
    expect((await serviceOf('svc-ref')).build).toBeNull();
    expect((await serviceOf('svc-ref')).service).toMatchObject({
      image: 'registry.example.org/ctf/pwn:2',
      port: 1337,
      scope: 'per-player',
      lifetimeMinutes: 60,
    });
    expect((await serviceOf('svc-sub')).service).toMatchObject({
      image: expect.stringMatching(/^localhost\/drapeau-svc-sub:/) as string,
      port: 31337,
    });
  });

  it('refuses a service without a port, a missing folder and an instance block without an image, naming each', async () => {
    const response = await importFiles({
      'no-port/challenge.yml': yml('No port', 'image: registry.example.org/ctf/web:1\ndrapeau:\n  instance: {mode: shared}\n'),
      'no-folder/challenge.yml': yml('No folder', 'image: ./missing\ndrapeau:\n  instance: {port: 80}\n'),
      'no-image/challenge.yml': yml('No image', 'drapeau:\n  instance: {mode: shared}\n'),
      'bad-mode/challenge.yml': yml('Bad mode', 'image: x/y:1\ndrapeau:\n  instance: {mode: per-class, port: 80}\n'),
    });
    expect(response.statusCode).toBe(400);
    const fields = problems(response).map((p) => p.field);
    expect(fields).toEqual(
      expect.arrayContaining(['drapeau.instance.port', 'image', 'drapeau.instance', 'drapeau.instance.mode']),
    );
  });

  it('imports without its service, with a warning, a challenge whose ctfcli image alone the archive cannot serve', async () => {
    const response = await importFiles({
      'no-port/challenge.yml': yml('No port', 'image: registry.example.org/ctf/web:1\n'),
      'no-folder/challenge.yml': yml('No folder', 'image: ./missing\nconnection_info: nc pwn.example.org 31337\n'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ challenges: { id: string; warnings: ImportChallengeWarning[] }[] }>();
    expect(report.challenges.find((c) => c.id === 'no-port')?.warnings).toEqual([
      {
        code: 'SERVICE_LEFT_OUT',
        field: 'drapeau.instance.port',
        params: { reason: 'SERVICE_PORT_MISSING' },
        message: expect.stringMatching(/^drapeau\.instance\.port: .*; imported without its service$/) as string,
      },
    ]);
    expect(report.challenges.find((c) => c.id === 'no-folder')?.warnings).toEqual([
      expect.objectContaining({
        code: 'SERVICE_LEFT_OUT',
        field: 'image',
        params: { reason: 'IMAGE_FOLDER_MISSING', image: './missing' },
      }),
    ]);
    const player = await registerPlayer(t.app);
    expect((await player.client.get('/api/challenges/no-folder')).json<PublicChallenge>()).toMatchObject({
      connectionInfo: 'nc pwn.example.org 31337',
      hasService: false,
    });
  });

  it('shows connection_info to players (not when locked) and writes every service field back on export', async () => {
    const response = await importFiles({
      'conn/challenge.yml': yml(
        'Conn',
        'connection_info: nc pwn.example.org 31337\nimage: registry.example.org/ctf/pwn:3\nprotocol: tcp\ndrapeau:\n  instance: {port: 31337, mode: shared}\n',
      ),
      'conn-locked/challenge.yml': yml('Conn locked', 'connection_info: https://web.example.org/\nrequirements: [Conn]\n'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const player = await registerPlayer(t.app);
    const seen = async (id: string) => (await player.client.get(`/api/challenges/${id}`)).json<PublicChallenge>();
    // No provider here: the service is not offered (instances.routes.test.ts), its connection_info is.
    expect(await seen('conn')).toMatchObject({ connectionInfo: 'nc pwn.example.org 31337', hasService: false });
    expect(await seen('conn-locked')).toMatchObject({ connectionInfo: null, hasService: false, isLocked: true });

    const exported = (await admin.get('/api/admin/challenges/export')).rawPayload;
    const again = await importZip(admin, exported);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ challenges: { id: string; action: string }[] }>().challenges).toEqual(
      expect.arrayContaining([
        { id: 'conn', action: 'unchanged', source: expect.any(String) as string, fileCount: 0, warnings: [] },
      ]),
    );
    expect((await serviceOf('conn')).service).toMatchObject({
      image: 'registry.example.org/ctf/pwn:3',
      port: 31337,
      scope: 'shared',
    });
    expect((await seen('conn')).connectionInfo).toBe('nc pwn.example.org 31337');
  });

  it('exports a built image as the folder it came from: a re-import is unchanged, one that changes only the service is updated', async () => {
    const dockerfile = 'FROM localhost/debian:bookworm\nCOPY app.py /app.py\nEXPOSE 9000\nCMD ["python3", "/app.py"]\n';
    const files = {
      'svc-round/challenge.yml': yml('Svc round', 'image: service\nprotocol: tcp\n'),
      'svc-round/service/Dockerfile': dockerfile,
      'svc-round/service/app.py': 'print("round")\n',
      'svc-limits/challenge.yml': yml(
        'Svc limits',
        'image: registry.example.org/ctf/limits:1\ndrapeau:\n  instance: {port: 7000, lifetime: 30}\n',
      ),
    };
    expect((await importFiles(files)).statusCode).toBe(200);
    const built = (await serviceOf('svc-round')).service!.image;

    const archive = await openZip((await admin.get('/api/admin/challenges/export')).rawPayload);
    const exported = await archive.read([...archive.sizes.keys()]);
    archive.close();
    const text = (name: string) => exported.get(name)?.toString('utf8');
    // The folder and the reference the admin gave, never the engine's tag of the build.
    expect(text('web-server/svc-round/challenge.yml')).toMatch(/^image: service$/m);
    expect(text('web-server/svc-round/challenge.yml')).not.toContain('localhost/drapeau-');
    expect(text('web-server/svc-round/service/Dockerfile')).toBe(dockerfile);
    expect(text('web-server/svc-round/service/app.py')).toBe('print("round")\n');
    expect(text('web-server/svc-limits/challenge.yml')).toMatch(/^image: registry\.example\.org\/ctf\/limits:1$/m);
    // The built-in pack's services too.
    expect(text('web-server/sql-injection-extraction/challenge.yml')).toMatch(/^image: service$/m);
    expect(exported.has('web-server/sql-injection-extraction/service/app.py')).toBe(true);

    const actionOf = (response: { json: <T>() => T }, id: string) =>
      response.json<{ challenges: { id: string; action: string }[] }>().challenges.find((c) => c.id === id)?.action;
    const again = await importZip(admin, await zipOf(Object.fromEntries(exported)));
    expect(again.statusCode, again.body).toBe(200);
    expect(actionOf(again, 'svc-round')).toBe('unchanged');
    expect(actionOf(again, 'svc-limits')).toBe('unchanged');
    expect(actionOf(again, 'sql-injection-extraction')).toBe('unchanged');
    expect((await serviceOf('svc-round')).service!.image).toBe(built);

    const changed = await importFiles({
      ...files,
      'svc-round/service/app.py': 'print("round two")\n',
      'svc-limits/challenge.yml': yml(
        'Svc limits',
        'image: registry.example.org/ctf/limits:1\ndrapeau:\n  instance: {port: 7000, lifetime: 90}\n',
      ),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(actionOf(changed, 'svc-round')).toBe('updated');
    expect(actionOf(changed, 'svc-limits')).toBe('updated');
    expect((await serviceOf('svc-round')).service!.image).not.toBe(built);
    expect((await serviceOf('svc-limits')).service!.lifetimeMinutes).toBe(90);
  });

  it('keeps connection_info through the editor, and a PATCH that leaves it out keeps it', async () => {
    const patched = await admin.patch('/api/admin/challenges/conn-locked', { connectionInfo: 'ssh -p 2222 ctf@box.example.org' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await admin.patch('/api/admin/challenges/conn-locked', { tags: ['x'] })).statusCode).toBe(200);
    const edited = (await admin.get('/api/admin/challenges/conn-locked')).json<{ connectionInfo: string | null }>();
    expect(edited.connectionInfo).toBe('ssh -p 2222 ctf@box.example.org');
    const twoLines = await admin.patch('/api/admin/challenges/conn-locked', { connectionInfo: 'a\nb' });
    expect(twoLines.statusCode).toBe(400);
  });
});
