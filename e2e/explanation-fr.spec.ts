import { expect, test } from './fixtures';

/**
 * docs/product.md#texts and issue 13 ("understand and fix"): a French student solves a built-in lab with a payload that
 * really fires, submits the flag, and only then reads, in French, why it worked and how to fix it.
 */
test('A French student bypasses the XSS filter, submits the flag and reads the explanation in French', async ({
  page,
  login,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
  await login();
  await page.goto('/challenge/xss-filter-bypass');
  await expect(page.getByRole('heading', { name: 'Contournement de filtre XSS' })).toBeVisible();

  // Before solving, the explanation is not there (the server does not even send it).
  await expect(page.getByRole('heading', { name: 'Comprendre et corriger' })).toHaveCount(0);

  await page.locator('#xss-comment').fill('<details open ontoggle=alert(document.domain)>');
  await page.getByRole('button', { name: 'Publier le commentaire' }).click();
  await expect(page.getByText('Filtre contourné\u202F!')).toBeVisible();
  await expect(page.getByText(/Votre charge utile s’est exécutée dans l’aperçu\u00A0: alert\(/)).toBeVisible();
  const preview = page.frameLocator('iframe[title="Commentaire affiché (bac à sable isolé)"]');
  await expect(preview.locator('#drapeau-fired')).toBeVisible();

  const flagText = await page.locator('text=/CTF\\{[a-z_]+_[0-9a-f]{24}\\}/').first().textContent();
  const flag = flagText?.match(/CTF\{[a-z_]+_[0-9a-f]{24}\}/)?.[0];
  expect(flag).toBeDefined();
  const input = page.getByPlaceholder('CTF{...}');
  await input.fill(flag ?? '');
  await input.press('Enter');
  await expect(page.getByText('Flag correct\u202F! Points attribués.').first()).toBeVisible();

  // The page goes back to the list after a solve (docs/product.md#challenge-detail); the student opens the challenge
  // again and reads, now that it is solved, what the flaw is, how to fix it, and the references, in French.
  await expect(page).toHaveURL(/\/challenges$/);
  await page.getByRole('link', { name: /Contournement de filtre XSS/ }).click();
  await expect(page.getByRole('heading', { name: 'Comprendre et corriger' })).toBeVisible();
  const explanation = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Comprendre et corriger' }) })
    .last();
  await expect(explanation.getByText('La faille.', { exact: true })).toBeVisible();
  await expect(explanation.getByText(/Encodez à l’affichage/).first()).toBeVisible();
  await expect(explanation.getByRole('link', { name: /CWE-79/ })).toHaveAttribute(
    'href',
    'https://cwe.mitre.org/data/definitions/79.html',
  );
  await expect(explanation.getByText('The flaw.')).toHaveCount(0);
});
