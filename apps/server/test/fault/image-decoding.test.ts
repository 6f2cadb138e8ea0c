import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStore, request, type ServerProcess, startServer, type Store } from './fault-helpers.js';

/**
 * Issue #17.2: eight parallel uploads of a small PNG that decodes to 7000x7000 used to stall file reads and sign-ins for
 * everyone. Against the real server: each is refused from its header, and the server keeps answering meanwhile.
 */
const PORT = Number(process.env.FAULT_IMAGE_PORT ?? 4213);

async function registerOverHttp(baseUrl: string, i: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `imgplayer${i}`, email: `img${i}@fault.invalid`, password: 'image-password' }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('drapeau.session_token='));
  return cookie!.split(';')[0]!;
}

const upload = (baseUrl: string, cookie: string, body: Buffer) =>
  fetch(`${baseUrl}/api/users/me/avatar`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/png' },
    body: new Uint8Array(body),
  });

describe.runIf(process.env.DRAPEAU_FAULT_TESTS)('image decoding', () => {
  let store: Store;
  let server: ServerProcess | undefined;
  let bomb: Buffer;

  beforeAll(async () => {
    store = await createStore('pglite');
    server = await startServer(store, { PORT: String(PORT) });
    bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await store?.destroy();
  });

  it('refuses eight parallel 49-megapixel PNGs from their header and keeps serving everyone', async () => {
    const baseUrl = server!.baseUrl;
    const cookies = await Promise.all(Array.from({ length: 8 }, (_, i) => registerOverHttp(baseUrl, i)));
    const uploads = Promise.all(cookies.map((cookie) => upload(baseUrl, cookie, bomb)));
    const health = await request(baseUrl, { path: '/api/health', timeoutMs: 60_000 });
    expect(health.status).toBe(200);
    const responses = await uploads;
    expect(responses.map((r) => r.status)).toEqual(Array<number>(8).fill(413));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ error: { code: string } }>));
    expect(new Set(bodies.map((b) => b.error.code))).toEqual(new Set(['IMAGE_TOO_MANY_PIXELS']));
  });

  it('stores identical uploads sent at the same moment (no 500 on a shared temporary file)', async () => {
    const baseUrl = server!.baseUrl;
    const cookie = await registerOverHttp(baseUrl, 100);
    const image = await sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .png()
      .toBuffer();
    const responses = await Promise.all(Array.from({ length: 4 }, () => upload(baseUrl, cookie, image)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});
