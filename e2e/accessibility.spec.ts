import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';

import { expect, newAccount, test } from './fixtures';

/**
 * docs/product.md#routes: every page passes axe-core signed out, as a player and as an admin, in English and French,
 * on a desktop and a phone. One browser context per role and pairing visits its pages in turn: English on a desktop and
 * French on a phone (each language and each viewport once per role; the full cross-product doubled the run for little).
 */
type Role = 'visitor' | 'player' | 'admin';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
// The kernel exploit's lab has a scrollable source block; the command-injection lab a terminal.
const CHALLENGE_PAGES = ['/challenge/kernel-exploit', '/challenge/command-injection'];
const SIGNED_IN_PAGES = ['/challenges', ...CHALLENGE_PAGES, '/leaderboard', '/profile', '/user/{userId}', '/nowhere'];
const PAGES: Record<Role, string[]> = {
  visitor: ['/', '/login', '/register', '/nowhere'],
  player: SIGNED_IN_PAGES,
  admin: [
    ...SIGNED_IN_PAGES,
    '/admin/people/users',
    '/admin/people/teams',
    '/admin/platform/mail',
    '/admin/platform/settings',
    '/admin/content/seed',
  ],
};

async function openContext(browser: Browser, role: Role, language: string, viewport: keyof typeof VIEWPORTS) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], reducedMotion: 'reduce' });
  await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
  const page = await context.newPage();
  if (role === 'player') {
    expect((await page.request.post('/api/auth/register', { data: newAccount() })).status()).toBe(200);
  } else if (role === 'admin') {
    const body = { email: E2E_ADMIN.email, password: E2E_ADMIN.password };
    expect((await page.request.post('/api/auth/login', { data: body })).status()).toBe(200);
  }
  return { context, page };
}

async function violationsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    // Experimental in axe, and one this product met: a control's name must contain the text it shows.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations.map(
    (v) =>
      `${path}: ${v.id} (${v.impact ?? ''}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')} ${v.nodes[0]?.failureSummary ?? ''}`,
  );
}

const PAIRINGS = [
  { language: 'en', viewport: 'desktop' },
  { language: 'fr', viewport: 'phone' },
] as const;

for (const role of ['visitor', 'player', 'admin'] as const) {
  for (const { language, viewport } of PAIRINGS) {
    test(`axe finds no violation: ${role}, ${language}, ${viewport}`, async ({ browser }) => {
      const { context, page } = await openContext(browser, role, language, viewport);
      const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { uid: string } | null };
      const found: string[] = [];
      for (const path of PAGES[role]) {
        found.push(...(await violationsOf(page, path.replace('{userId}', session.user?.uid ?? ''))));
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}
