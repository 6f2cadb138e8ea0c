import { request as apiRequest, type APIRequestContext } from '@playwright/test';

import { E2E_ADMIN } from '../playwright.config';

import { expect, newAccount, test } from './fixtures';
import { receiveMail } from './mailbox';

/**
 * A player follows the links of real mails (issue #16.7): the app sends them over SMTP to the journeys' mail server, the
 * journey reads them there and opens the link in the browser. Opening a link changes nothing: only the button on its page
 * does, so that a mail scanner fetching the link cannot use it up.
 */

async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL });
  const login = await context.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

test('a player who forgot their password gets a link by mail, confirms on the page and signs in with the new password', async ({
  page,
  request,
  baseURL,
}) => {
  const account = newAccount();
  const register = await request.post('/api/auth/register', { data: account });
  expect(register.status(), await register.text()).toBe(200);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address, a link is on its way.');

  const mail = await receiveMail(account.email, 'Choose a new password');
  expect(mail.link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
  expect(mail.html).toContain(`href="${mail.link}"`);

  // A mail scanner fetches the link first, and the player opens it twice: the token is still good.
  expect((await request.get(mail.link)).status()).toBe(200);
  await page.goto(mail.link);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password-1');
  await page.getByLabel('Confirm the new password').fill('brand-new-password-1');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();

  // The link works once.
  await page.goto(mail.link);
  await page.getByLabel('New password', { exact: true }).fill('third-password-1');
  await page.getByLabel('Confirm the new password').fill('third-password-1');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/challenges$/);
  await expect(page.getByRole('heading', { name: 'Challenges', level: 1 })).toBeVisible();
});

test.describe('email verification required before playing', () => {
  let admin: APIRequestContext;

  test.beforeEach(async ({ baseURL }) => {
    admin = await adminApi(baseURL);
    const set = await admin.patch('/api/admin/settings', { data: { emailVerification: 'required' } });
    expect(set.status(), await set.text()).toBe(200);
  });

  test.afterEach(async () => {
    // The other journeys play without confirming their address.
    await admin.patch('/api/admin/settings', { data: { emailVerification: 'optional' } });
    await admin.dispose();
  });

  test('in French, a new player can play only once their address is confirmed through the mailed link', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    const account = newAccount();
    await page.goto('/register');
    await page.getByLabel('Nom d’utilisateur').fill(account.username);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByLabel('Confirmer le mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page).toHaveURL(/\/challenges$/);
    await expect(page.getByText('Confirmez d’abord votre adresse e-mail').first()).toBeVisible();

    const mail = await receiveMail(account.email, 'Confirmez votre adresse e-mail');
    expect(mail.text).toContain('Bonjour');
    // Opening the link alone confirms nothing.
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: 'Confirmez votre adresse e-mail' })).toBeVisible();
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).user).toMatchObject({ emailVerified: false });

    await page.getByRole('button', { name: 'Confirmer mon adresse' }).click();
    await expect(page.getByText('Votre adresse est confirmée.')).toBeVisible();
    await page.getByRole('link', { name: 'Voir les défis' }).click();
    await expect(page.getByRole('heading', { name: 'Défis', level: 1 })).toBeVisible();
    await expect(page.getByText('Confirmez d’abord votre adresse e-mail')).toHaveCount(0);
  });
});
