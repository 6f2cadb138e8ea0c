import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, loginAdmin, registerPlayer, type TestApp, type TestClient } from '../../test/build-test-app.js';
import { createManualClock } from '../../test/manual-clock.js';
import { createChallenge, solve } from '../modules/write-ups/testing/write-up-fixtures.js';

// docs/decisions/017-page-preview.md: a challenge page's first paint in its HTML, drawn from what the API answers the
// visitor's session, and nothing else.

const INDEX =
  '<!doctype html><html lang="en"><head><title>Drapeau</title></head><body><div id="root"><aside>Play fair</aside></div></body></html>';
/**
 * A renderer standing in for the web build's (apps/web src/server-render/page-preview.tsx, tested there and by
 * e2e/page-preview.spec.ts): it writes what the server gave it, so that these tests see what reached it.
 */
const RENDERER = `
export async function renderChallengePreview(input) {
  if (input.challenge.description?.en === 'THROW') throw new Error('renderer failed');
  const text = JSON.stringify(input).replace(/</g, '\\\\u003c');
  return { root: '<pre id="preview">' + text + '</pre>', titleHtml: 'Preview of ' + input.challenge.id };
}`;
const PRELOADS = {
  pages: [
    { path: '/challenge/:id', access: 'signed-in', files: ['/assets/c.js'], localeGroups: [], reads: ['/api/challenges/:id'] },
  ],
  signedIn: { files: ['/assets/chrome.js'], reads: ['/api/auth/session'] },
  styles: ['/assets/index.css'],
  locales: {},
};

const clock = createManualClock(new Date('2026-03-01T09:00:00.000Z'));
const HOUR = 3_600_000;
let t: TestApp;
let admin: TestClient;
let player: Awaited<ReturnType<typeof registerPlayer>>;

beforeAll(async () => {
  const build = await mkdtemp(path.join(os.tmpdir(), 'drapeau-web-'));
  await mkdir(path.join(build, 'ssr'));
  await writeFile(path.join(build, 'index.html'), INDEX);
  await writeFile(path.join(build, 'page-preloads.json'), JSON.stringify(PRELOADS));
  await writeFile(path.join(build, 'ssr', 'page-preview.js'), RENDERER);
  t = await buildTestApp({ webDistDir: build, clock });
  admin = await loginAdmin(t.app);
  await createChallenge(admin, 'pv-open', { description: { en: 'Read **me** first.', fr: 'Lisez-moi.' } });
  await createChallenge(admin, 'pv-hidden', { state: 'hidden', description: { en: 'Not yet.', fr: 'Pas encore.' } });
  await createChallenge(admin, 'pv-throw', { description: { en: 'THROW', fr: 'THROW' } });
  player = await registerPlayer(t.app);
});
afterAll(async () => t?.close());

/** A page as a signed-in client, or a visitor without a session, opens it. */
const open = (url: string, client?: TestClient) =>
  client ? client.get(url, { 'accept-encoding': 'identity' }) : t.app.inject({ method: 'GET', url });

/** What the renderer was given, from the page, or undefined when the page came as built. */
function previewOf(
  body: string,
): { challenge: Record<string, unknown>; categories: unknown; language: string; isDisclaimerShown: boolean } | undefined {
  const match = /<pre id="preview">(.*?)<\/pre>/.exec(body);
  return match?.[1] ? JSON.parse(match[1]) : undefined;
}

describe('a challenge page’s first paint', () => {
  it('is drawn for a signed-in player from the API’s answer, into #root and the title, never kept by a shared cache', async () => {
    const page = await open('/challenge/pv-open', player.client);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).toContain('<title>Preview of pv-open</title>');
    expect(page.body).not.toContain('Play fair');
    const preview = previewOf(page.body)!;
    expect(preview.challenge).toEqual((await player.client.get('/api/challenges/pv-open')).json());
    expect(preview).toMatchObject({ language: 'en', isDisclaimerShown: true });
    expect(preview.categories).toEqual((await player.client.get('/api/categories')).json());
    // The flag is nowhere: the API's answer has none.
    expect(page.body).not.toContain('CTF{write_ups_test}');
  });

  it('announces the stylesheet first and the reads, not the modules, which would take the bandwidth the first paint needs', async () => {
    const previewed = await open('/challenge/pv-open', player.client);
    expect(previewed.headers['link']).toBe(
      '</assets/index.css>; rel=preload; as=style; crossorigin, ' +
        '</api/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
        '</api/challenges/pv-open>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    // A page without a preview still gets its modules.
    const plain = await open('/challenge/pv-hidden', player.client);
    expect(plain.headers['link']).toContain('</assets/c.js>; rel=modulepreload');
    expect(plain.headers['link']).toMatch(/^<\/assets\/index\.css>; rel=preload; as=style/);
  });

  it('follows the visitor’s language and disclaimer cookies', async () => {
    const token = player.client.sessionToken();
    const page = await t.app.inject({
      method: 'GET',
      url: '/challenge/pv-open',
      headers: { cookie: `drapeau.session_token=${token}; language=fr; security-disclaimer-dismissed=true` },
    });
    expect(previewOf(page.body)).toMatchObject({ language: 'fr', isDisclaimerShown: false });
  });

  it('shows each player their own view: solved for the solver only', async () => {
    const solver = await registerPlayer(t.app);
    await solve(solver.client, 'pv-open');
    expect(previewOf((await open('/challenge/pv-open', solver.client)).body)!.challenge).toMatchObject({ solved: true });
    expect(previewOf((await open('/challenge/pv-open', player.client)).body)!.challenge).toMatchObject({ solved: false });
  });

  it('is not drawn for a visitor, a forged session, a hidden or unknown challenge, another page, or when the renderer fails', async () => {
    for (const page of [
      await open('/challenge/pv-open'),
      await t.app.inject({ method: 'GET', url: '/challenge/pv-open', headers: { cookie: 'drapeau.session_token=forged.value' } }),
      await open('/challenge/pv-hidden', player.client),
      await open('/challenge/no-such-challenge', player.client),
      await open('/challenge/%2E%2E%2Fapi%2Fauth%2Fsession', player.client),
      await open('/challenges', player.client),
      await open('/challenge/pv-throw', player.client),
    ]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('is not drawn for a player before the event starts (the API’s gate), and is for an admin', async () => {
    const training = { mode: 'training', name: { en: '', fr: '' }, startsAt: null, endsAt: null };
    const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
    const inAnHour = { mode: 'event', name: { en: 'Cup', fr: 'Coupe' }, startsAt: at(HOUR), endsAt: at(2 * HOUR) };
    const setEvent = (event: Record<string, unknown>) =>
      admin.patch('/api/admin/settings', {
        event: { ...event, freezeAt: null, allowPracticeAfterEnd: false, firstBloodBonus: 0 },
      });
    expect((await setEvent(inAnHour)).statusCode).toBe(200);
    try {
      expect((await player.client.get('/api/challenges/pv-open')).statusCode).toBe(403);
      expect((await open('/challenge/pv-open', player.client)).body).toBe(INDEX);
      expect(previewOf((await open('/challenge/pv-open', admin)).body)!.challenge).toMatchObject({ id: 'pv-open' });
    } finally {
      expect((await setEvent(training)).statusCode).toBe(200);
    }
  });

  it('sends pages as built when the renderer does not load', async () => {
    const build = await mkdtemp(path.join(os.tmpdir(), 'drapeau-web-'));
    await mkdir(path.join(build, 'ssr'));
    await writeFile(path.join(build, 'index.html'), INDEX);
    await writeFile(path.join(build, 'ssr', 'page-preview.js'), 'export const broken = ;');
    const broken = await buildTestApp({ webDistDir: build });
    try {
      const { client } = await registerPlayer(broken.app);
      for (let visit = 0; visit < 2; visit += 1) {
        const page = await client.get('/challenge/caesar-cipher', { 'accept-encoding': 'identity' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toBe(INDEX);
      }
    } finally {
      await broken.close();
    }
  });

  it('never serves the renderer itself', async () => {
    expect((await open('/ssr/page-preview.js', player.client)).statusCode).toBe(404);
    expect((await open('/ssr/page-preview.js')).statusCode).toBe(404);
  });
});
