import { expect, test } from './fixtures';

test('Players solve SQL Injection Extraction through its lab and score', async ({ page, login }) => {
  await login();
  await page.goto('/challenges');
  await page.getByRole('link', { name: /SQL Injection Extraction/ }).click();
  await expect(page).toHaveURL(/\/challenge\/sql-injection-extraction$/);

  await page.locator('#sqli-username').fill("admin' --");
  await page.locator('#sqli-password').fill('anything');
  await page
    .getByRole('button', { name: /log ?in/i })
    .first()
    .click();
  const flag = (await page.locator('text=/CTF\\{[a-z_]+_[0-9a-f]{24}\\}/').first().textContent())?.match(/CTF\{[^}]+\}/)?.[0];
  expect(flag).toBeTruthy();

  const flagInput = page.getByPlaceholder('CTF{...}');
  await flagInput.fill(flag!);
  await flagInput.press('Enter');
  await expect(page.getByText('Correct flag! Points awarded.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/challenges$/, { timeout: 30_000 });

  const card = page.getByRole('link', { name: /SQL Injection Extraction/ });
  await expect(card).toHaveAttribute('data-solved', 'true');

  await card.click();
  // Solved: the flag form stays on the page, and nothing can be sent from it.
  await expect(page.getByPlaceholder('CTF{...}')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled();
});

test('Players filter the challenge list by category and difficulty', async ({ page, login }) => {
  await login();
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/challenges');
  await page.goto('/challenges');
  await expect(page.getByRole('link', { name: /DOM Manipulation/ })).toBeVisible();
  // One gzip member: the shared part deflated once, the player's own part stored (docs/performance.md "Catalogue figures").
  expect((await listed).headers()['content-encoding']).toBe('gzip');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Forensics' });
  await expect(page.getByRole('link', { name: /Memory Dump Analysis/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /DOM Manipulation/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Difficulty' }).selectOption({ label: 'Hard' });
  await expect(page.getByRole('link', { name: /Disk Image Analysis/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Memory Dump Analysis/ })).toHaveCount(0);
});

test('Challenge titles are shown in French', async ({ page, login }) => {
  await login();
  await page.goto('/challenges');
  await page.getByRole('button', { name: 'Français' }).first().click();
  await expect(page.getByRole('link', { name: /Extraction par injection SQL/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Stéganographie\s:\sLSB/ })).toBeVisible();
});
