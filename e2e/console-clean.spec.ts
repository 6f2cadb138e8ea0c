import type { Page } from '@playwright/test';

import { expect, registerNewPlayer, test } from './fixtures';
import { ADMIN_PAGES } from './page-walk';

/**
 * Issue #36.8: no page writes an error, a warning or an issue to the browser's console. Chromium reports some problems
 * only as "issues" (DevTools' Issues tab: a refused `eval` under the Content-Security-Policy, a cookie, a form field
 * without a name), read here through the DevTools protocol's Audits domain. Each page is loaded anew, as a visitor
 * arriving by its address would.
 */
const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password'];
const PLAYER_PAGES = [
  '/challenges',
  // One of each kind: a text puzzle, an in-page lab, a download, a system lab.
  '/challenge/caesar-cipher',
  '/challenge/sql-injection-extraction',
  '/challenge/disk-image-analysis',
  '/challenge/kernel-exploit',
  '/leaderboard',
  '/team',
  '/profile',
  '/account',
  '/user/{userId}',
  '/class',
  '/no-such-page',
];

/** Every console message of type error or warning, uncaught exception and DevTools issue, as lines to report. */
async function recordConsole(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const url = message.location().url;
    // The machine's network interfaces changed under Chromium (a container started beside the tests): not the page's doing.
    if (message.text().includes('net::ERR_NETWORK_CHANGED')) return;
    found.push(`${page.url()}: console ${message.type()}: ${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => found.push(`${page.url()}: uncaught ${error.message}`));
  const devtools = await page.context().newCDPSession(page);
  devtools.on('Audits.issueAdded', ({ issue }) => found.push(`${page.url()}: issue ${JSON.stringify(issue)}`));
  await devtools.send('Audits.enable');
  return found;
}

/** Loads `path` and waits until its content is shown: a heading or a paragraph in the main area, no spinner left. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main :is(h1, h2, p)').first()).toBeVisible();
  await expect(page.locator('main [role="status"].animate-spin')).toHaveCount(0);
  // Whatever the page asks for once shown (its lazy parts, a second query) has answered.
  await page.waitForLoadState('load');
  await expect(page.locator('main [role="status"].animate-spin')).toHaveCount(0);
}

test('A visitor and a player open every page without an error, a warning or an issue in the browser’s console', async ({
  browser,
}) => {
  for (const language of ['en', 'fr']) {
    const context = await browser.newContext();
    await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
    const page = await context.newPage();
    const found = await recordConsole(page);
    for (const path of PUBLIC_PAGES) await visit(page, path);
    const { uid } = await registerNewPlayer(page);
    for (const path of PLAYER_PAGES) await visit(page, path.replace('{userId}', uid));
    expect(found, `in ${language}`).toEqual([]);
    await context.close();
  }
});

test('An admin opens every page of every admin section, and the teacher pages, without a console error, warning or issue', async ({
  page,
  loginAsAdmin,
}) => {
  const found = await recordConsole(page);
  await loginAsAdmin();
  // A class of the admin's own, so that the teacher pages show their forms (a class's rename field, the matrix's filters
  // and the assignments' checkboxes) whatever the journeys before made.
  const created = await page.request.post('/api/classes', { data: { name: `Console ${Date.now().toString(36)}` } });
  expect(created.ok()).toBe(true);
  const { id: classId } = (await created.json()) as { id: string };
  await visit(page, '/challenges');
  for (const language of ['en', 'fr']) {
    await page.evaluate((lng) => window.localStorage.setItem('language', lng), language);
    for (const [section, pages] of Object.entries(ADMIN_PAGES))
      for (const name of pages) await visit(page, `/admin/${section}/${name}`);
    await visit(page, '/teacher');
    await visit(page, `/teacher/classes/${classId}`);
  }
  expect(found).toEqual([]);
});
