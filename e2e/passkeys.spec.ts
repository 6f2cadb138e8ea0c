import { expect, newAccount, test } from './fixtures';

/**
 * Passkeys through Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a platform authenticator
 * that keeps resident keys and verifies its user, as a laptop's fingerprint reader would.
 */
test('A player adds a passkey on the account page, signs out and signs back in with it', async ({ page, login }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = newAccount();
  await login(account);

  await page.goto('/account');
  await page.getByLabel('Name of the new passkey').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added.', { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByText('Test laptop')).toBeVisible();
  await expect(list.getByText(/^Added on /)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/challenges$/);
  await expect(page.getByRole('link', { name: new RegExp(account.username) }).first()).toBeVisible();

  // Removed, it signs nobody in any more.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Remove the passkey Test laptop' }).click();
  await expect(page.getByText('No passkey yet.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(/This passkey was not accepted/).first()).toBeVisible();
  await page.goto('/challenges');
  await expect(page).toHaveURL(/\/login$/);
});
