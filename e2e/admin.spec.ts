import { expect, newAccount, test } from './fixtures';

test('Players are shown the denial texts on /admin, its sections and the former /seed', async ({ page, login }) => {
  await login();
  for (const path of ['/admin', '/admin/platform/settings', '/seed']) {
    await page.goto(path);
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('You must be an admin to access this page.')).toBeVisible();
  }
});

test('An admin edits a player’s score and role, awards and removes a badge, then deletes the player', async ({
  page,
  loginAsAdmin,
}) => {
  const target = newAccount();
  const registered = await page.request.post('/api/auth/register', { data: target });
  expect(registered.status()).toBe(200);
  await loginAsAdmin();

  await page.goto('/admin');
  await expect(page.getByText('Total Users')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(target.username);
  const row = page.getByRole('listitem', { name: target.username });
  await expect(row).toBeVisible();

  // Edit: score 120 and role admin.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByLabel('Score').fill('120');
  await edit.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('User updated successfully', { exact: true })).toBeVisible();
  await expect(row.getByText('120 pts')).toBeVisible();
  // A score of 100 or more earns Century Club on the server.
  await expect(row.getByRole('button', { name: /Remove badge Century Club/ })).toBeVisible();

  // Award Pentester, then remove it by clicking its chip.
  await row.getByRole('button', { name: 'Award Badge' }).click();
  const award = page.getByRole('dialog', { name: 'Award Badge' });
  await expect(award.getByRole('button', { name: 'Award Badge' })).toBeDisabled();
  await award.getByRole('combobox').click();
  await page.getByRole('option', { name: /Pentester/ }).click();
  await expect(award.getByText('Solve 5 challenges.')).toBeVisible();
  await award.getByRole('button', { name: 'Award Badge' }).click();
  await expect(page.getByText('badge awarded successfully', { exact: true })).toBeVisible();
  const chip = row.getByRole('button', { name: /Remove badge Pentester/ });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page.getByText('Badge removed successfully', { exact: true })).toBeVisible();
  await expect(chip).toHaveCount(0);

  // Delete.
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(
    confirm.getByText(`Are you sure you want to delete ${target.username}? This action cannot be undone.`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  const login = await page.request.post('/api/auth/login', { data: { email: target.email, password: target.password } });
  expect(login.status()).toBe(401);
});
