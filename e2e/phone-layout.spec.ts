import type { Browser, Locator, Page } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';

import { expect, newAccount, test } from './fixtures';

/**
 * Issue #10.5: on a phone (390×844) the admin panel's open page shows, its submissions stay one line high, and the French
 * search placeholders fit their boxes. Layout is measured, not time.
 */
const PHONE = { width: 390, height: 844 };

async function openAdminPhone(browser: Browser, language: 'en' | 'fr') {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
  const page = await context.newPage();
  const body = { email: E2E_ADMIN.email, password: E2E_ADMIN.password };
  expect((await page.request.post('/api/auth/login', { data: body })).status()).toBe(200);
  return { context, page };
}

/** The page itself never scrolls sideways: only the parts meant to (a wide table) do. */
async function expectNoPageOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The placeholder's text, in the input's own font, fits the room left by its padding (and the box does not scroll). */
async function expectPlaceholderFits(input: Locator) {
  const measured = await input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      placeholder: element.placeholder,
      text: context.measureText(element.placeholder).width,
      room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    };
  });
  expect(measured.placeholder.length).toBeGreaterThan(0);
  expect(measured.text, `"${measured.placeholder}" in ${measured.room}px`).toBeLessThanOrEqual(measured.room);
  expect(measured.scrollWidth).toBeLessThanOrEqual(measured.clientWidth);
}

for (const language of ['en', 'fr'] as const) {
  test(`on a phone the open admin page's link is on screen, also the last one (${language})`, async ({ browser }) => {
    const { context, page } = await openAdminPhone(browser, language);
    for (const tab of ['announcements', 'flags', 'teams', 'users']) {
      // The panel's former addresses open the page in its section (/admin/<section>/<page>).
      await page.goto(`/admin?tab=${tab}`);
      await expect(page).toHaveURL(new RegExp(`/admin/[a-z]+/${tab}$`));
      // The section's pages: the last link marked as the current page (the section's link comes before it).
      const active = page.locator('nav a[aria-current="page"]').last();
      await expect(active).toBeVisible();
      const box = (await active.boundingBox())!;
      expect(box.x, `${tab} link starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${tab} link ends on screen`).toBeLessThanOrEqual(PHONE.width);
      await expectNoPageOverflow(page);
    }
    await context.close();
  });
}

test('on a phone each submission is one compact row, however long what was submitted', async ({ browser, page }) => {
  // A player sends long wrong flags; the admin reads them on a phone.
  expect((await page.request.post('/api/auth/register', { data: newAccount() })).status()).toBe(200);
  for (const challenge of ['caesar-cipher', 'xor-encryption']) {
    const flag = `CTF{${'a-very-long-wrong-guess-'.repeat(12)}}`;
    expect((await page.request.post(`/api/challenges/${challenge}/submit`, { data: { flag } })).status()).toBe(200);
  }
  const { context, page: admin } = await openAdminPhone(browser, 'fr');
  await admin.goto('/admin?tab=submissions');
  const rows = admin.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const oneLine = await rows
    .first()
    .locator('td')
    .first()
    .evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight) + parseFloat(getComputedStyle(cell).paddingTop) * 2);
  const heights = await rows.evaluateAll((elements) => elements.map((row) => row.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThanOrEqual(2);
  // One line of text and its padding, plus room for the result badge: never several wrapped lines.
  for (const height of heights) expect(height).toBeLessThanOrEqual(oneLine * 1.6);
  await expectNoPageOverflow(admin);
  await context.close();
});

test('on a phone the French search placeholders fit their boxes', async ({ browser }) => {
  const { context, page } = await openAdminPhone(browser, 'fr');
  await page.goto('/admin');
  await expectPlaceholderFits(page.getByRole('searchbox', { name: 'Rechercher des utilisateurs' }));
  await page.goto('/admin?tab=submissions');
  await expectPlaceholderFits(page.getByRole('searchbox', { name: 'Utilisateur' }));
  await page.goto('/leaderboard');
  await expectPlaceholderFits(page.getByRole('searchbox', { name: 'Rechercher des utilisateurs' }));
  await context.close();
});
