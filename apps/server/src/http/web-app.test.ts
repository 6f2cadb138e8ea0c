import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, registerPlayer, type TestApp } from '../../test/build-test-app.js';

const WEB_PUBLIC = fileURLToPath(new URL('../../../web/public', import.meta.url));
const INDEX = `<!doctype html><html><head><title>Drapeau</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestApp;

/** A build as `vite build` leaves it: each file with its `.br` and `.gz` (apps/web/build/precompress.ts). */
async function writeBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-web-'));
  await mkdir(path.join(dir, 'assets'));
  for (const [name, content] of [
    ['index.html', INDEX],
    ['assets/index-Ab12Cd34.js', SCRIPT],
  ] as const) {
    await writeFile(path.join(dir, name), content);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(content));
  }
  for (const name of ['robots.txt', 'favicon.ico', 'favicon.svg'])
    await copyFile(path.join(WEB_PUBLIC, name), path.join(dir, name));
  return dir;
}

beforeAll(async () => {
  t = await buildTestApp({ webDistDir: await writeBuild() });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app', () => {
  it('sends the files compressed at build time: Brotli when accepted, else gzip, else as they are', async () => {
    const br = await get('/', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['content-type']).toMatch(/javascript/);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, and has the browser revalidate index.html', async () => {
    expect((await get('/assets/index-Ab12Cd34.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/challenge/xor-encryption', '/index.html']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves a real robots.txt and favicon.ico', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Disallow: \/api\/$/m);
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // ICONDIR: reserved 0, type 1 (icon).
    expect([...icon.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('answers 404 to an unknown path that looks like a file, and the app to one that does not', async () => {
    for (const url of ['/wp-login.php', '/missing.png', '/assets/gone-123.js', '/challenge/x/y.map', '/.env']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<!doctype html>');
    }
    const page = await get('/leaderboard');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
  });
});

describe('API responses', () => {
  it('compresses JSON above 1 KB, and leaves small answers as they are', async () => {
    const big = await get('/api/openapi.json', 'br, gzip');
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const gz = await get('/api/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await get('/api/health', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the live event stream', async () => {
    const player = await registerPlayer(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: player.email, password: player.password },
    });
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const response = await fetch(`${baseUrl}/api/events`, {
        headers: { cookie: `drapeau.session_token=${login.cookies[0]!.value}`, 'accept-encoding': 'br, gzip' },
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
      const first = await response.body!.getReader().read();
      expect(new TextDecoder().decode(first.value)).toContain(': connected');
    } finally {
      controller.abort();
    }
  });
});
