import { expect, registerNewPlayer, test } from './fixtures';

const FLAG = 'CTF{e2e_write_up_journey}';

// docs/product.md#write-ups: a write-up stays locked for a player until they solve the challenge themselves.
test('A player publishes a write-up after solving; another player reads it only once they solved the challenge too', async ({
  page,
  browser,
  loginAsAdmin,
}) => {
  const id = `write-up-journey-${Date.now().toString(36)}`;
  await loginAsAdmin();
  const created = await page.request.post('/api/admin/challenges', {
    data: {
      id,
      title: { en: 'Write-up journey', fr: 'Parcours write-up' },
      description: { en: 'The flag is given to testers.', fr: 'Le flag est donné aux testeurs.' },
      category: 'web-server',
      level: 'easy',
      scoring: { type: 'static', points: 10 },
      hints: [],
      flags: [{ kind: 'static', matcher: 'exact', content: FLAG }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const authorContext = await browser.newContext();
  const readerContext = await browser.newContext();
  try {
    const author = await authorContext.newPage();
    const reader = await readerContext.newPage();
    const { account: authorAccount } = await registerNewPlayer(author);
    await registerNewPlayer(reader);

    const solve = async (player: typeof author) => {
      await player.goto(`/challenge/${id}`);
      const flagInput = player.getByPlaceholder('CTF{...}');
      await flagInput.fill(FLAG);
      await flagInput.press('Enter');
      await expect(player.getByText('Correct flag! Points awarded.').first()).toBeVisible();
      await player.goto(`/challenge/${id}`);
    };
    const section = (player: typeof author) => player.getByRole('region', { name: 'Write-ups' });

    // The author solves, then writes and publishes.
    await author.goto(`/challenge/${id}`);
    await expect(section(author).getByText('Solve this challenge to read its write-ups.')).toBeVisible();
    await solve(author);
    await section(author).getByRole('button', { name: 'Write a write-up' }).click();
    await section(author).getByLabel('Title (optional)').fill('Read the description');
    await section(author)
      .getByLabel('Write-up (Markdown)')
      .fill('The description says it: **testers** get the flag. <script>document.title = "pwned"</script>');
    await section(author).getByRole('button', { name: 'Publish' }).click();
    await expect(author.getByText('Write-up published').first()).toBeVisible();
    await expect(section(author).getByRole('heading', { name: 'Read the description' })).toBeVisible();

    // The reader has not solved it: locked, and the text is nowhere on the page nor in the API's answer.
    await reader.goto(`/challenge/${id}`);
    await expect(section(reader).getByText('Solve this challenge to read its write-ups.')).toBeVisible();
    await expect(reader.getByText('Read the description')).toHaveCount(0);
    const locked = await reader.request.get(`/api/challenges/${id}/write-ups`);
    expect(locked.status()).toBe(403);
    expect(await locked.text()).not.toContain('testers');

    // Once solved, the reader reads it, rendered as Markdown, its script inert.
    await solve(reader);
    const article = section(reader).getByRole('article', { name: 'Read the description' });
    await expect(article).toBeVisible();
    await expect(article.getByText(authorAccount.username)).toBeVisible();
    await expect(article.getByText('English')).toBeVisible();
    await expect(article.locator('strong', { hasText: 'testers' })).toBeVisible();
    await expect(article.locator('script')).toHaveCount(0);
    expect(await reader.title()).not.toBe('pwned');
  } finally {
    await authorContext.close();
    await readerContext.close();
  }
});
