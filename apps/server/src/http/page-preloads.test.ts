import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { loadPagePreloads, type PreloadLinks } from './page-preloads.js';

/** page-preloads.json as the web app's build writes it (apps/web build/page-preloads.ts). */
const PRELOADS = {
  pages: [
    { path: '/', access: 'public-only', files: ['/assets/home.js'], localeGroups: ['shell', 'landing'], reads: [] },
    { path: '/verify-email', access: 'anyone', files: ['/assets/verify.js'], localeGroups: ['shell'], reads: [] },
    {
      path: '/challenge/:id',
      access: 'signed-in',
      files: ['/assets/challenge-detail.js', '/assets/markdown.js', '/assets/icons.js'],
      localeGroups: ['shell', 'app'],
      reads: ['/api/challenges/:id', '/api/categories'],
    },
    { path: '/admin/:section?/:page?', access: 'signed-in', files: ['/assets/admin.js'], localeGroups: [], reads: [] },
    { path: '*', access: 'anyone', files: ['/assets/not-found.js'], localeGroups: [], reads: [] },
  ],
  signedIn: { files: ['/assets/chrome.js', '/assets/icons.js'], reads: ['/api/auth/session'] },
  locales: {
    en: { shell: '/assets/locale-en-shell.js', landing: '/assets/locale-en-landing.js', app: '/assets/locale-en-app.js' },
    fr: { shell: '/assets/locale-fr-shell.js', landing: '/assets/locale-fr-landing.js', app: '/assets/locale-fr-app.js' },
  },
};

let links: PreloadLinks;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drapeau-preloads-'));
  await writeFile(path.join(dir, 'page-preloads.json'), JSON.stringify(PRELOADS));
  links = loadPagePreloads(dir)!;
});

const visit = (urlPath: string, isSignedIn: boolean, language = 'en') =>
  (links({ urlPath, language, isSignedIn }) ?? '').split(', ').filter(Boolean);

describe('the files and reads announced with a page', () => {
  it('a signed-in challenge page: its reads with its id first, then its code, its texts and the signed-in frame, each once', () => {
    expect(visit('/challenge/caesar-cipher', true)).toEqual([
      '</api/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/challenges/caesar-cipher>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/categories>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</assets/challenge-detail.js>; rel=modulepreload; crossorigin',
      '</assets/markdown.js>; rel=modulepreload; crossorigin',
      '</assets/icons.js>; rel=modulepreload; crossorigin',
      '</assets/locale-en-shell.js>; rel=modulepreload; crossorigin',
      '</assets/locale-en-app.js>; rel=modulepreload; crossorigin',
      '</assets/chrome.js>; rel=modulepreload; crossorigin',
    ]);
  });

  it('the texts in the language of the cookie', () => {
    expect(visit('/', false, 'fr')).toEqual([
      '</assets/home.js>; rel=modulepreload; crossorigin',
      '</assets/locale-fr-shell.js>; rel=modulepreload; crossorigin',
      '</assets/locale-fr-landing.js>; rel=modulepreload; crossorigin',
    ]);
  });

  it('nothing for a page the visitor is sent away from, and no read without a session', () => {
    expect(visit('/challenge/caesar-cipher', false)).toEqual([]);
    expect(visit('/', true)).toEqual([]);
    expect(visit('/verify-email', false).join()).not.toContain('/api/');
    expect(visit('/verify-email', true)).toContain('</api/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials');
  });

  it('a read only when the page’s segment stands in an address unchanged', () => {
    expect(visit('/challenge/a%20b', true).join()).not.toContain('/api/challenges/a');
    expect(visit('/challenge/a%3E%3Cb', true).join()).not.toContain('/api/challenges/a');
    expect(visit('/challenge/a%20b', true)).toContain('</api/categories>; rel=preload; as=fetch; crossorigin=use-credentials');
  });

  it('optional segments, a trailing slash and any other path (the not-found page)', () => {
    expect(visit('/admin', true)).toContain('</assets/admin.js>; rel=modulepreload; crossorigin');
    expect(visit('/admin/people/users', true)).toContain('</assets/admin.js>; rel=modulepreload; crossorigin');
    expect(visit('/challenge/x/', true)).toContain('</api/challenges/x>; rel=preload; as=fetch; crossorigin=use-credentials');
    expect(visit('/challenge/x/extra', true)).toContain('</assets/not-found.js>; rel=modulepreload; crossorigin');
  });

  it('none without the build’s file', async () => {
    expect(loadPagePreloads(await mkdtemp(path.join(os.tmpdir(), 'drapeau-no-preloads-')))).toBeUndefined();
  });
});
