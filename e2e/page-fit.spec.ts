import type { Browser } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';

import { expect, test } from './fixtures';
import { openInApp, pageOverflow, PAGES, SIZES } from './page-walk';

/**
 * Issue #36.3: no page scrolls sideways, at 1366×768 (a laptop) and 390×844 (a phone), in English and French, during an
 * event (its time left is in the nav bar): every player page and every page of every admin section. An admin sees both
 * (their player pages are a player's, with more links). One browser context per size and language; the pages are
 * opened in the app, as a click on a link would, not reloaded: the run stays short. Layout is measured, not time.
 */

/** An admin's browser context at one size, in one language. */
async function openAdmin(browser: Browser, size: keyof typeof SIZES, language: 'en' | 'fr') {
  const context = await browser.newContext({ viewport: SIZES[size], reducedMotion: 'reduce' });
  await context.addInitScript((lng) => {
    window.localStorage.setItem('language', lng);
    window.localStorage.setItem('security-disclaimer-dismissed', 'true');
  }, language);
  const page = await context.newPage();
  const body = { email: E2E_ADMIN.email, password: E2E_ADMIN.password };
  expect((await page.request.post('/api/auth/login', { data: body })).status()).toBe(200);
  return { context, page };
}

// Every journey of this file runs during a running event with days left: the nav bar shows "Ends in 2 days 23:59:59",
// its widest state. The settings are put back afterwards, for the other journeys.
let eventBefore: unknown;

test.beforeAll(async ({ browser }) => {
  const { context, page } = await openAdmin(browser, 'laptop', 'en');
  eventBefore = ((await (await page.request.get('/api/admin/settings')).json()) as { event: unknown }).event;
  const now = Date.now();
  const event = {
    mode: 'event',
    startsAt: new Date(now - 3_600_000).toISOString(),
    endsAt: new Date(now + 3 * 86_400_000).toISOString(),
    freezeAt: null,
    allowPracticeAfterEnd: false,
    firstBloodBonus: 0,
  };
  expect((await page.request.patch('/api/admin/settings', { data: { event } })).status()).toBe(200);
  await context.close();
});

test.afterAll(async ({ browser }) => {
  const { context, page } = await openAdmin(browser, 'laptop', 'en');
  expect((await page.request.patch('/api/admin/settings', { data: { event: eventBefore } })).status()).toBe(200);
  await context.close();
});

for (const size of ['laptop', 'phone'] as const) {
  for (const language of ['en', 'fr'] as const) {
    test(`no page scrolls sideways during an event: ${size}, ${language}`, async ({ browser }) => {
      const { context, page } = await openAdmin(browser, size, language);
      const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { uid: string } };
      await page.goto('/challenges');
      await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
      const overflowing: string[] = [];
      for (const path of PAGES) {
        await openInApp(page, path.replace('{userId}', session.user.uid));
        const overflow = await pageOverflow(page);
        if (overflow > 0) overflowing.push(`${path}: ${overflow}px`);
      }
      expect(overflowing).toEqual([]);
      if (size === 'laptop') {
        // The whole nav bar is on screen: the user's name (not cut to "a…") and Logout, beside the time left.
        await openInApp(page, '/challenges');
        const nav = page.getByRole('navigation', { name: language === 'en' ? 'Main navigation' : 'Navigation principale' });
        await expect(nav.getByRole('button', { name: language === 'en' ? 'Logout' : 'Déconnexion' })).toBeInViewport({
          ratio: 1,
        });
        await expect(nav.getByTestId('event-time-left')).toBeInViewport({ ratio: 1 });
        const name = nav.getByText(E2E_ADMIN.username, { exact: true });
        await expect(name).toBeInViewport({ ratio: 1 });
        expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      await context.close();
    });
  }
}
