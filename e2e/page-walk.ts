import type { Page } from '@playwright/test';

import { expect } from './fixtures';

/**
 * The pages a walk visits and how (e2e/page-fit.spec.ts, e2e/organiser.spec.ts): every player page and every page of
 * every admin section, opened inside the app as a click on a link would, and what a page may not do (scroll sideways).
 */
export const SIZES = { laptop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } };

const PLAYER_PAGES = [
  '/challenges',
  '/events',
  '/challenge/kernel-exploit',
  '/challenge/command-injection',
  '/leaderboard',
  '/team',
  '/profile',
  '/account',
  '/user/{userId}',
  '/class',
  '/teacher',
];
export const ADMIN_PAGES = {
  people: ['users', 'teams'],
  content: ['challenges', 'flags', 'badges', 'seed'],
  event: ['event', 'seasons', 'announcements', 'submissions', 'incidents', 'instances'],
  platform: ['settings', 'mail', 'audit', 'tokens', 'backup'],
};
export const PAGES = [
  ...PLAYER_PAGES,
  ...Object.entries(ADMIN_PAGES).flatMap(([section, pages]) => pages.map((page) => `/admin/${section}/${page}`)),
];

/** Opens `path` inside the app (the router follows the address), then waits for the page and its data. */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\$&')}$`));
  // A page, not its loading state: no spinner left, something shown (a heading, or the team page's one line outside team mode).
  await expect(page.locator('main [role="status"].animate-spin')).toHaveCount(0);
  await expect(page.locator('main :is(h1, h2, p)').first()).toBeVisible();
  await expect(page.locator('main [role="status"].animate-spin')).toHaveCount(0);
}

/** The page itself never scrolls sideways; a table or a strip may, inside its own box. */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}
