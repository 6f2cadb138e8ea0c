import { expect, test } from './fixtures';

test('A student bypasses the XSS filter and sees the payload fire in the sandboxed preview', async ({ page, login }) => {
  await login();
  await page.goto('/challenge/xss-filter-bypass');
  const comment = page.locator('#xss-comment');

  // Blocked by the filter: nothing runs, no flag.
  await comment.fill('<img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('Nothing dangerous got through')).toBeVisible();
  await expect(page.locator('text=/CTF\\{/')).toHaveCount(0);

  // A real bypass: the server's judge accepts it, and the preview frame really runs it.
  await comment.fill('<svg onload=alert(document.domain)>');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText('Filter bypassed!')).toBeVisible();
  await expect(page.getByText(/Your payload ran in the preview: alert\(/)).toBeVisible();
  const preview = page.frameLocator('iframe[title="Rendered comment (isolated sandbox)"]');
  await expect(preview.locator('#drapeau-fired')).toContainText('Script ran: alert(');
  await expect(page.locator('text=/CTF\\{[a-z_]+_[0-9a-f]{24}\\}/').first()).toBeVisible();
});

test('The XSS preview cannot reach the app: its origin is opaque and it has no network', async ({ page, login }) => {
  await login();
  await page.goto('/challenge/xss-filter-bypass');
  await page
    .locator('#xss-comment')
    .fill("<img src=\"x\" ononerror=error=\"fetch('/api/users/me').then(()=>alert('reached'),()=>alert('blocked '+origin))\">");
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText(/Your payload ran in the preview: alert\(blocked null\)/)).toBeVisible();
});
