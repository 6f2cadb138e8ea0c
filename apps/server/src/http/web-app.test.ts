import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp } from '../../test/build-test-app.js';
import { deriveFlag } from '../modules/challenges/flags/flag-check.js';

const WEB_PUBLIC = fileURLToPath(new URL('../../../web/public', import.meta.url));
/** index.html as the build writes it for a language, with the disclaimer's frame or without (apps/web build/app-frame.ts). */
const indexPage = (language: string, disclaimer: string) =>
  `<!doctype html><html lang="${language}"><head><title>Drapeau</title></head><body><div id="root">${disclaimer}</div>${'<div></div>'.repeat(200)}</body></html>`;
const INDEX = indexPage('en', '<aside>Play fair</aside>');
const INDEX_VARIANTS = [
  ['index-fr.html', indexPage('fr', '<aside>Jouez le jeu</aside>')],
  ['index-dismissed.html', indexPage('en', '')],
  ['index-fr-dismissed.html', indexPage('fr', '')],
] as const;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestApp;

/** A build as `vite build` leaves it: each file with its `.br` and `.gz` (apps/web/build/precompress.ts). */
async function writeBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-web-'));
  await mkdir(path.join(dir, 'assets'));
  for (const [name, content] of [['index.html', INDEX], ...INDEX_VARIANTS, ['assets/index-Ab12Cd34.js', SCRIPT]] as const) {
    await writeFile(path.join(dir, name), content);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(content));
  }
  for (const name of ['robots.txt', 'favicon.ico', 'favicon.svg'])
    await copyFile(path.join(WEB_PUBLIC, name), path.join(dir, name));
  // Beside the build, not in it: no path reaches it.
  await writeFile(`${dir}.secret`, 'SECRET');
  return dir;
}

let webDistDir: string;

beforeAll(async () => {
  webDistDir = await writeBuild();
  t = await buildTestApp({ webDistDir });
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

  it('sends the page in the language and with the disclaimer the visitor’s cookies ask for, the default for any other value', async () => {
    const page = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
    const cases: [cookie: string | undefined, body: string][] = [
      [undefined, INDEX],
      ['language=fr', INDEX_VARIANTS[0][1]],
      ['security-disclaimer-dismissed=true', INDEX_VARIANTS[1][1]],
      ['drapeau.session_token=abc; language=fr; security-disclaimer-dismissed=true', INDEX_VARIANTS[2][1]],
      ['language=en; security-disclaimer-dismissed=false', INDEX],
      // Garbage: the default page, never an error or another file.
      ['language=../../etc/passwd; security-disclaimer-dismissed=%E0%A4%A', INDEX],
      ['language=FR; security-disclaimer-dismissed=1', INDEX],
      ['language', INDEX],
    ];
    for (const url of ['/', '/challenges', '/profile/alice', '/index.html']) {
      for (const [cookie, body] of cases) {
        const response = await page(url, cookie);
        expect(response.statusCode, `${url} ${cookie}`).toBe(200);
        expect(brotliDecompressSync(response.rawPayload).toString(), `${url} ${cookie}`).toBe(body);
        // A shared cache keeps one page per cookie; the browser revalidates it on each use.
        expect(response.headers['vary'], url).toMatch(/cookie/i);
        expect(response.headers['vary'], url).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      }
    }
    const french = await page('/challenges', 'language=fr');
    expect(brotliDecompressSync(french.rawPayload).toString()).toContain('<html lang="fr">');
  });

  it('sends index.html to everyone when the build has no variants (a build from before them)', async () => {
    const oldBuild = await mkdtemp(path.join(os.tmpdir(), 'drapeau-web-'));
    await writeFile(path.join(oldBuild, 'index.html'), INDEX);
    const old = await buildTestApp({ webDistDir: oldBuild });
    try {
      const response = await old.app.inject({ method: 'GET', url: '/challenges', headers: { cookie: 'language=fr' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['vary'] ?? '').not.toMatch(/cookie/i);
      expect(response.headers['cache-control']).toBe('no-cache');
    } finally {
      await old.close();
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

  it('never sends a file from outside the build, however the path is written', async () => {
    const outside = `${path.basename(webDistDir)}.secret`;
    for (const url of [
      `/../${outside}`,
      `/%2e%2e/${outside}`,
      `/assets/..%2f..%2f${outside}`,
      `/assets/%2e%2e/%2e%2e/${outside}`,
      `/..%5c${outside}`,
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toContain('SECRET');
      expect([200, 400, 404], url).toContain(response.statusCode);
    }
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

  it('sends the leaderboard and the CTFtime feed, kept in memory, in the encoding the client accepts', async () => {
    // Enough players for a page above the 1 KB threshold.
    const players = await Promise.all(Array.from({ length: 12 }, () => registerPlayer(t.app)));
    const { client } = players[0]!;
    await (await loginAdmin(t.app)).patch('/api/admin/settings', { ctftimeFeedPublished: true });
    for (const url of ['/api/leaderboard', '/api/leaderboard?search=player', '/api/scoreboard/ctftime']) {
      const plain = await client.get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['vary'], url).toMatch(/accept-encoding/i);
      const br = await client.get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      const gz = await client.get(url, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(plain.body);
      const refused = await client.get(url, { 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
      expect(refused.headers['content-encoding'], url).toBeUndefined();
      expect(refused.body, url).toBe(plain.body);
    }
    // A solve changes the standings: the compressed page follows (on PostgreSQL, once the solve's notification is
    // back, the same moment as its live event: docs/architecture.md "Several instances").
    const brotliPage = async () =>
      brotliDecompressSync((await client.get('/api/leaderboard', { 'accept-encoding': 'br' })).rawPayload).toString();
    const before = await brotliPage();
    const solved = await players[5]!.client.post('/api/challenges/caesar-cipher/submit', {
      flag: deriveFlag(t.config.instanceSecret!, 'caesar-cipher'),
    });
    expect(solved.json()).toMatchObject({ success: true });
    await vi.waitFor(
      async () => {
        const after = await brotliPage();
        expect(after).not.toBe(before);
        expect(after).toBe((await client.get('/api/leaderboard')).body);
      },
      { timeout: 30_000, interval: 20 },
    );
  });

  it('announces a signed-in page’s code and first reads to its session’s holder, not to a visitor', async () => {
    const build = await mkdtemp(path.join(os.tmpdir(), 'drapeau-web-'));
    await writeFile(path.join(build, 'index.html'), INDEX);
    const preloads = {
      pages: [
        {
          path: '/challenge/:id',
          access: 'signed-in',
          files: ['/assets/c.js'],
          localeGroups: [],
          reads: ['/api/challenges/:id'],
        },
      ],
      signedIn: { files: [], reads: ['/api/auth/session'] },
      locales: {},
    };
    await writeFile(path.join(build, 'page-preloads.json'), JSON.stringify(preloads));
    const withPreloads = await buildTestApp({ webDistDir: build });
    try {
      const player = await registerPlayer(withPreloads.app);
      const login = await withPreloads.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: player.email, password: player.password },
      });
      const session = login.cookies.find((cookie) => cookie.name.endsWith('session_token'))!;
      const page = (cookie?: string) =>
        withPreloads.app.inject({ method: 'GET', url: '/challenge/caesar-cipher', headers: cookie ? { cookie } : {} });
      const signedIn = await page(`${session.name}=${session.value}`);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['link']).toBe(
        '</api/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
          '</api/challenges/caesar-cipher>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
          '</assets/c.js>; rel=modulepreload; crossorigin',
      );
      expect(signedIn.headers['vary']).toMatch(/cookie/i);
      expect((await page()).headers['link']).toBeUndefined();
      expect((await page(`other=${session.value}`)).headers['link']).toBeUndefined();
      // A cookie that opens no session announces nothing: its reads would answer 401 in the browser's console.
      expect((await page(`${session.name}=forged.value`)).headers['link']).toBeUndefined();
      const logout = await withPreloads.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: `${session.name}=${session.value}`, origin: 'http://localhost:3000' },
      });
      expect(logout.statusCode).toBe(200);
      expect((await page(`${session.name}=${session.value}`)).headers['link']).toBeUndefined();
    } finally {
      await withPreloads.close();
    }
  }, 30_000);

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
