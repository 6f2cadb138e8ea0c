import { expect, newAccount, test } from './fixtures';

test('Visitors register from the landing page, log out and log back in', async ({ page }) => {
  const account = newAccount();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/challenges$/);
  await expect(page.getByRole('link', { name: new RegExp(account.username) }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.goto('/challenges');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/challenges$/);
});

test('Mismatched passwords are refused before anything is sent', async ({ page }) => {
  const account = newAccount();
  let registerCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) registerCalls += 1;
  });
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(`${account.password}x`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(registerCalls).toBe(0);
});

test('Wrong credentials show a clear error', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('The French choice persists across a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Français' }).first().click();
  await expect(page.getByRole('link', { name: 'Commencer' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Commencer' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('The page arrives in the chosen language, and without the dismissed banner, before its scripts run', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Français' }).first().click();
  await expect(page.getByRole('link', { name: 'Commencer' }).first()).toBeVisible();
  // What the server sends, seen by a browser that runs no script: the frame index.html draws by itself.
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, baseURL: page.url() });
  try {
    await withoutScripts.addCookies(await page.context().cookies());
    const frame = await withoutScripts.newPage();
    await frame.goto('/challenges');
    await expect(frame.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(frame.getByRole('complementary', { name: 'Plateforme d’entraînement' })).toContainText('Jouez le jeu');
    await expect(frame.getByRole('status', { name: 'Chargement…' })).toBeVisible();

    await page.getByRole('button', { name: 'Masquer l’avertissement' }).click();
    await withoutScripts.addCookies(await page.context().cookies());
    await frame.reload();
    await expect(frame.getByRole('status', { name: 'Chargement…' })).toBeVisible();
    await expect(frame.getByRole('complementary')).toHaveCount(0);
  } finally {
    await withoutScripts.close();
  }
});

test('Guards: a protected page sends visitors to /login, and /login sends players to /challenges', async ({ page, login }) => {
  await page.goto('/leaderboard');
  await expect(page).toHaveURL(/\/login$/);
  await login();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/challenges$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/challenges$/);
});

test('An unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('The requested endpoint does not exist in the system.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Challenges' })).toHaveAttribute('href', '/challenges');
});

test('The disclaimer banner stays dismissed', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'Training platform' });
  await expect(banner).toContainText('flags are checked on the server');
  // The banner is drawn by index.html before the scripts run; its button works once the app has drawn its page.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem('security-disclaimer-dismissed'))).toBe('true');
  await expect(banner).toHaveCount(0);
});
