import { expect, newAccount, test } from './fixtures';

test('An admin suspends a player with a reason and an end; the player reads both at sign-in, until restored', async ({
  page,
  browser,
  request,
  loginAsAdmin,
}) => {
  const target = newAccount();
  const registered = await request.post('/api/auth/register', { data: target });
  expect(registered.status()).toBe(200);
  await loginAsAdmin();

  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(target.username);
  const row = page.getByRole('listitem', { name: target.username });
  await row.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend account' });
  await dialog.getByLabel('Reason').fill('Shared flags in the chat');
  await dialog.getByLabel('Until (optional)').fill('2099-06-01T10:30');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${target.username} is suspended.`, { exact: true })).toBeVisible();
  await expect(row).toContainText('Suspended until Jun 1, 2099');
  await expect(row).toContainText('Reason: Shared flags in the chat');

  // The player, in their own browser.
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  await player.goto('/login');
  await player.getByLabel('Email').fill(target.email);
  await player.getByLabel('Password', { exact: true }).fill(target.password);
  await player.getByRole('button', { name: 'Login' }).click();
  await expect(player.getByRole('alert')).toContainText('This account is suspended until June 1, 2099');
  await expect(player.getByRole('alert')).toContainText('Reason: Shared flags in the chat');
  await expect(player).toHaveURL(/\/login$/);

  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`${target.username} can sign in again.`, { exact: true })).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toHaveCount(0);

  await player.getByRole('button', { name: 'Login' }).click();
  await expect(player).toHaveURL(/\/challenges$/);
  await playerContext.close();
});

test('The admins’ mail outbox tab says mails go out through SMTP when it is configured', async ({ page, loginAsAdmin }) => {
  await loginAsAdmin();
  await page.goto('/admin?tab=mail');
  await expect(page.getByRole('link', { name: 'Mail outbox' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('note')).toContainText('An SMTP server is configured');
});
