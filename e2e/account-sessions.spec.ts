import { expect, newAccount, test } from './fixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** docs/product.md#sessions: a player sees where they are signed in and signs a lost phone out from the laptop. */
test('A player ends the session of a lost phone from the account page; the phone is signed out', async ({
  page,
  browser,
  login,
}, testInfo) => {
  const account = await login(newAccount());
  const phone = await browser.newContext({ userAgent: IPHONE, baseURL: testInfo.project.use.baseURL });
  const phonePage = await phone.newPage();
  const signIn = await phonePage.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(signIn.status()).toBe(200);
  await phonePage.goto('/challenges');
  await expect(phonePage).toHaveURL(/\/challenges$/);

  await page.goto('/account');
  for (const [language, width, height] of [
    ['en', 1366, 768],
    ['en', 390, 844],
    ['fr', 1366, 768],
    ['fr', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    await page.goto('/account');
    const list = page.getByRole('list', { name: 'Sessions' });
    await list.scrollIntoViewIfNeeded();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    // The address the server saw (docs/decisions/012-accounts.md: request.ip, never a header the client sent).
    const address = `${language === 'en' ? 'Address' : 'Adresse\u202f'}: (127\\.0\\.0\\.1|::1|::ffff:127\\.0\\.0\\.1)$`;
    await expect(list.getByText(new RegExp(address))).toHaveCount(2);
    // No page scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.locator('section', { has: list }).screenshot({ path: testInfo.outputPath(`sessions-${language}-${width}.png`) });
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/account');

  const list = page.getByRole('list', { name: 'Sessions' });
  const laptop = list.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(laptop.getByRole('button')).toHaveCount(0);
  await list.getByRole('button', { name: 'End the session on Safari on iOS' }).click();
  const dialog = page.getByRole('dialog', { name: 'End the session on Safari on iOS?' });
  await page.screenshot({ path: testInfo.outputPath('sessions-confirm-en-1366.png') });
  await dialog.getByRole('button', { name: 'End', exact: true }).click();
  await expect(page.getByText('Session ended.', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The phone's next page needs a session: it is sent to the sign-in page.
  await phonePage.goto('/challenges');
  await expect(phonePage).toHaveURL(/\/login$/);
  // The laptop is still signed in.
  await page.goto('/challenges');
  await expect(page).toHaveURL(/\/challenges$/);
  await phone.close();
});
