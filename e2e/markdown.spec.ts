import AxeBuilder from '@axe-core/playwright';

import { expect, test } from './fixtures';

/** GitHub-flavoured Markdown an author writes, and what a hostile author (or a stolen admin account) could add. */
const DESCRIPTION = [
  '| port | service |\n| ---: | :--- |\n| 1337 | netcat |',
  '~~CTF{old}~~ and https://example.org/docs',
  '- [x] find the port\n- [ ] read the banner',
  '![A network map](https://example.org/map.png) ![The hidden payload](javascript:window.__pwned=1)',
  '[inline](javascript:window.__pwned=1) [encoded](jav&#x61;script:window.__pwned=1) [reference][evil] ' +
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) <javascript:window.__pwned=1>',
  '[evil]: vbscript:msgbox',
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1"> <svg onload="window.__pwned = 1"></svg>',
  '<iframe src="javascript:window.__pwned = 1"></iframe>',
].join('\n\n');

// docs/architecture.md#web-app ("Authored texts"): a challenge's description is rendered from Markdown in the player's
// browser, its markup and script inert.
test("A player reads a challenge's Markdown description, tables and task lists included, and none of its script runs", async ({
  page,
  loginAsAdmin,
  login,
}) => {
  const id = `markdown-journey-${Date.now().toString(36)}`;
  await loginAsAdmin();
  const created = await page.request.post('/api/admin/challenges', {
    data: {
      id,
      title: { en: 'Markdown journey', fr: 'Parcours Markdown' },
      description: { en: DESCRIPTION, fr: '' },
      category: 'web-client',
      level: 'easy',
      scoring: { type: 'static', points: 10 },
      hints: [],
      flags: [{ kind: 'static', matcher: 'exact', content: 'CTF{markdown_journey}' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await login();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(`/challenge/${id}`);
  // The description also comes with the page's HTML, drawn by the server for its first paint: as inert there.
  const root = (await response!.text()).split('<div id="root">')[1]!;
  expect(root).toContain('netcat');
  // No element, handler or URL of the hostile lines: their words may stay as text (`<javascript:…>` is a link's text).
  expect(root).not.toMatch(/<(script|iframe|object|img src="x")|\son\w+=|(href|src)="(javascript|vbscript|data):/i);
  const text = page.locator('[data-slot="markdown"]').first();
  await expect(text.getByRole('cell', { name: 'netcat' })).toBeVisible();

  await expect(text.getByRole('columnheader', { name: 'port' })).toHaveCSS('text-align', 'right');
  await expect(text.locator('del')).toHaveText('CTF{old}');
  await expect(text.getByRole('checkbox')).toHaveCount(2);
  await expect(text.getByRole('checkbox').first()).toBeChecked();
  await expect(text.getByRole('checkbox').first()).toBeDisabled();
  const image = text.getByRole('img', { name: 'A network map' });
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(text).toContainText('The hidden payload');

  // The only link is the safe one, opening in a new tab that cannot reach back; the others are plain text.
  const links = text.getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveAttribute('href', 'https://example.org/docs');
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  for (const label of ['inline', 'encoded', 'reference', 'data']) await expect(text).toContainText(label);

  await expect(text.locator('script, iframe, svg, [onerror], [onload], img[src="x"]')).toHaveCount(0);
  expect(await text.textContent()).not.toContain('pwned = 1');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);

  // What Markdown makes passes axe too (a task list's boxes, the table, the image's alt).
  const axe = await new AxeBuilder({ page }).include('[data-slot="markdown"]').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
});
