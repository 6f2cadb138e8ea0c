import type { Page } from '@playwright/test';

import { expect, registerNewPlayer, test } from './fixtures';

/** The pages Lighthouse measures (docs/performance.md "Lighthouse"): the landing page, then signed in. */
const SIGNED_IN_PAGES = ['/challenges', '/challenge/caesar-cipher', '/leaderboard', '/profile'];

/** The scripts a visit of `path` ran, by path, with their text as served. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const bodies: Promise<[string, string]>[] = [];
  const onResponse = (response: { request(): { resourceType(): string }; url(): string; text(): Promise<string> }) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname;
    bodies.push(response.text().then((text) => [name, text]));
  };
  page.on('response', onResponse);
  await page.goto(path);
  await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return new Map(await Promise.all(bodies));
}

/**
 * docs/architecture.md#web-app: the pages Lighthouse measures, and the signed-in frame around them, do not load the
 * schema library (building the contract's schemas was the largest task of a signed-in page, issue #36). A script that
 * holds zod names its error class; the account page, whose forms validate with the schemas, shows that the mark is found.
 */
const ZOD_MARK = 'ZodError';

function withZod(scripts: Map<string, string>): string[] {
  return [...scripts].filter(([, text]) => text.includes(ZOD_MARK)).map(([name]) => name);
}

test('The landing page and the signed-in pages Lighthouse measures load no schema library', async ({ page }) => {
  expect(withZod(await scriptsOf(page, '/'))).toEqual([]);

  await registerNewPlayer(page);
  for (const path of SIGNED_IN_PAGES) expect(withZod(await scriptsOf(page, path)), path).toEqual([]);

  // The mark is the right one: a page whose forms validate with the schemas loads them.
  expect(withZod(await scriptsOf(page, '/account'))).not.toEqual([]);
});

/**
 * apps/web/build/compile-hints.ts: every script starts with V8's compile hint, so that Chromium compiles its functions
 * while it streams in rather than on the main thread at their first call (docs/performance.md "Lighthouse").
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

test('Every script of the measured pages starts with the compile hint', async ({ page }) => {
  const unhinted = (scripts: Map<string, string>) =>
    [...scripts].filter(([, text]) => !text.startsWith(COMPILE_HINT)).map(([name]) => name);
  const landing = await scriptsOf(page, '/');
  expect(landing.size).toBeGreaterThan(1);
  expect(unhinted(landing)).toEqual([]);

  await registerNewPlayer(page);
  for (const path of SIGNED_IN_PAGES) expect(unhinted(await scriptsOf(page, path)), path).toEqual([]);
});
