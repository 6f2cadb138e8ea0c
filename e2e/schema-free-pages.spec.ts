import type { Page } from '@playwright/test';

import { expect, registerNewPlayer, test } from './fixtures';

/**
 * docs/architecture.md#web-app: the pages Lighthouse measures, and the signed-in frame around them, do not load the
 * schema library (building the contract's schemas was the largest task of a signed-in page, issue #36). A script that
 * holds zod names its error class; the account page, whose forms validate with the schemas, shows that the mark is found.
 */
const ZOD_MARK = 'ZodError';

/** Visits `path` and returns the paths of the scripts it ran that hold zod. */
async function scriptsWithZod(page: Page, path: string): Promise<string[]> {
  const bodies: Promise<string | null>[] = [];
  const onResponse = (response: { request(): { resourceType(): string }; url(): string; text(): Promise<string> }) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname;
    bodies.push(response.text().then((text) => (text.includes(ZOD_MARK) ? name : null)));
  };
  page.on('response', onResponse);
  await page.goto(path);
  await expect(page.locator('main :is(h1, h2)').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return (await Promise.all(bodies)).filter((name) => name !== null);
}

test('The landing page and the signed-in pages Lighthouse measures load no schema library', async ({ page }) => {
  expect(await scriptsWithZod(page, '/')).toEqual([]);

  await registerNewPlayer(page);
  for (const path of ['/challenges', '/challenge/caesar-cipher', '/leaderboard', '/profile']) {
    expect(await scriptsWithZod(page, path), path).toEqual([]);
  }

  // The mark is the right one: a page whose forms validate with the schemas loads them.
  expect(await scriptsWithZod(page, '/account')).not.toEqual([]);
});
