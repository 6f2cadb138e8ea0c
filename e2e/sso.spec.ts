import type { Page } from '@playwright/test';

import { totpCode } from '../apps/server/test/totp';
import { SSO_BASE_URL, SSO_BUTTON_LABEL } from '../playwright.config';

import { expect, newAccount, test } from './fixtures';
import { receiveMail } from './mailbox';

/**
 * Single sign-on (issue #16.4) against a real OpenID Connect provider (e2e/oidc-server.ts, the `oidc-provider` package),
 * on the second instance of the app that is configured with it (playwright.config.ts). The provider's development pages
 * take any login: the address typed is the account.
 */
test.use({ baseURL: SSO_BASE_URL });

/** On the provider's pages: signs in as `login` (an address) and agrees to share it with Drapeau. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function startSso(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: `Sign in with ${SSO_BUTTON_LABEL}` }).click();
}

/** A local account whose address is confirmed through the mailed link, as its owner would. */
async function registerConfirmed(page: Page) {
  const account = newAccount();
  const register = await page.request.post('/api/auth/register', { data: account });
  expect(register.status(), await register.text()).toBe(200);
  const mail = await receiveMail(account.email, 'Confirm your email address');
  expect(mail.link.startsWith(`${SSO_BASE_URL}/verify-email?token=`)).toBe(true);
  await page.goto(mail.link);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByText('Your address is confirmed.')).toBeVisible();
  return account;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user)
    .toBeNull();
}

test('a newcomer signs in with the school account and lands on the challenges, signed in', async ({ page }) => {
  const login = `newcomer.${Date.now().toString(36)}`;
  await startSso(page);
  await signInAtProvider(page, `${login}@school.test`);
  await expect(page).toHaveURL(/\/challenges$/);
  await expect(page.getByRole('heading', { name: 'Challenges', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(login) }).first()).toBeVisible();
});

test('a player with a local account signs in with the school account of the same verified address: the same account', async ({
  page,
}) => {
  const account = await registerConfirmed(page);
  const before = (await (await page.request.get('/api/auth/session')).json()) as { user: { uid: string } };
  await page.goto('/challenges');
  await signOut(page);

  await startSso(page);
  await signInAtProvider(page, account.email);
  await expect(page).toHaveURL(/\/challenges$/);
  await expect(page.getByRole('link', { name: new RegExp(account.username) }).first()).toBeVisible();
  const after = (await (await page.request.get('/api/auth/session')).json()) as { user: { uid: string } };
  expect(after.user.uid).toBe(before.user.uid);
});

test('single sign-on of an account with an authenticator app still asks for its code', async ({ page }) => {
  const account = await registerConfirmed(page);
  const enrol = await page.request.post('/api/auth/two-factor/enable', { data: { password: account.password } });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await page.request.post('/api/auth/two-factor/confirm', { data: { code: totpCode(secret) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  await page.goto('/challenges');
  await signOut(page);

  await startSso(page);
  await signInAtProvider(page, account.email);
  // Back from the provider without a session: the second step first.
  await expect(page).toHaveURL(/\/login\?second-step=totp$/);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull();

  // The next step's code: the one used to confirm the enrolment is refused as a replay.
  await page.getByLabel('Code').fill(totpCode(secret, new Date(), 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/challenges$/);
  await expect(page.getByRole('link', { name: new RegExp(account.username) }).first()).toBeVisible();
});
