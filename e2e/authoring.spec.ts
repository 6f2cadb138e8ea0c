import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';
import yazl from 'yazl';

import { expect, test } from './fixtures';

/** Challenge authoring (issue #12, docs/challenge-authoring.md): what an admin makes, a player meets. */

async function sessionScore(page: Page): Promise<number> {
  const response = await page.request.get('/api/auth/session');
  const body = (await response.json()) as { user: { score: number } | null };
  return body.user?.score ?? Number.NaN;
}

/** A zip of the folder's challenge folders, built the way ctfcli users zip theirs. */
function zipFolder(root: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const add = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) add(full);
      else zip.addBuffer(readFileSync(full), path.relative(root, full).split(path.sep).join('/'));
    }
  };
  add(root);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

test('An admin creates a bilingual challenge with a file, a regex flag and a costly hint; a French player solves it', async ({
  page,
  login,
  loginAsAdmin,
}) => {
  const slug = `cookie-jar-${Date.now().toString(36)}`;
  const file = Buffer.from('The jar holds cookies numbered 1 to 99.\n');
  const sha256 = createHash('sha256').update(file).digest('hex');

  await loginAsAdmin();
  await page.goto('/admin?tab=challenges');
  await page.getByRole('button', { name: 'New challenge' }).click();
  await page.getByLabel('Title (English)').fill('Cookie Jar');
  await page.getByLabel('Title (French)').fill('Bocal à cookies');
  await page.getByLabel('Description (English)').fill('Find the **cookie** number in the jar.');
  await page.getByLabel('Description (French)').fill('Trouvez le numéro du **cookie** dans le bocal.');
  await page.getByLabel('Id (slug)').fill(slug);
  await page.getByRole('combobox', { name: 'Matching of flag 1' }).click();
  await page.getByRole('option', { name: 'Regular expression' }).click();
  await page.getByLabel('Flag 1', { exact: true }).fill('CTF\\{jar_[0-9]+\\}');
  await page.getByRole('button', { name: 'Add a hint' }).click();
  await page.getByLabel('Hint 1 (English)').fill('Count the cookies.');
  await page.getByLabel('Hint 1 (French)').fill('Comptez les cookies.');
  await page.getByLabel('Cost of hint 1 (points)').fill('25');
  await page.getByRole('button', { name: 'Create challenge' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${slug}` })).toBeVisible();

  // A file, with its size and SHA-256 shown; then the flag tester says what the regex accepts.
  await page.getByLabel('Add a file').setInputFiles({ name: 'jar.txt', mimeType: 'text/plain', buffer: file });
  await expect(page.getByText(`SHA-256 ${sha256}`)).toBeVisible();
  await page.getByLabel('Text to test').fill('CTF{jar_42}');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByText('Accepted: this text would solve the challenge.')).toBeVisible();
  await page.getByLabel('Text to test').fill('CTF{jar_x}');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByText('Refused: this text would not be accepted.')).toBeVisible();

  // A player, in French.
  await login();
  await page.goto('/challenges');
  await page.getByRole('button', { name: 'Français' }).first().click();
  await page.getByRole('link', { name: /Bocal à cookies/ }).click();
  await expect(page).toHaveURL(new RegExp(`/challenge/${slug}$`));
  await expect(page.getByText('Trouvez le numéro du')).toBeVisible();
  const download = page.getByRole('link', { name: /jar\.txt/ });
  const href = await download.getAttribute('href');
  expect((await (await page.request.get(href!)).body()).equals(file)).toBe(true);

  await page.getByRole('button', { name: /Débloquer l’indice/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Cet indice coûte 25 pts, retirés de ce que ce défi vous rapporte.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Débloquer pour 25 pts' }).click();
  await expect(page.getByText('Comptez les cookies.')).toBeVisible();

  // Remembered: a reload shows the hint open, with no new confirmation.
  await page.reload();
  await expect(page.getByText('Comptez les cookies.')).toBeVisible();

  const flag = page.getByPlaceholder('CTF{...}');
  await flag.fill('CTF{jar_42}');
  await flag.press('Enter');
  await expect(page.getByText(/Flag correct/).first()).toBeVisible();
  expect(await sessionScore(page)).toBe(75);
  await page.goto('/challenges');
  await expect(page.getByRole('link', { name: /Bocal à cookies/ })).toHaveAttribute('data-solved', 'true');
});

test('An admin imports a zip of ctfcli challenges; a player solves one and that unlocks the next', async ({
  page,
  login,
  loginAsAdmin,
}) => {
  const archive = await zipFolder(path.join(import.meta.dirname, 'fixtures', 'ctfcli'));
  await loginAsAdmin();
  await page.goto('/admin?tab=challenges');
  await page.getByLabel('Zip file').setInputFiles({ name: 'ctfcli.zip', mimeType: 'application/zip', buffer: archive });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.getByRole('status').filter({ hasText: 'Import done' });
  await expect(report).toContainText(/Import done: \d created, \d updated, \d unchanged\./);
  await expect(report.getByText('network-notes')).toBeVisible();
  await expect(report.getByText('hidden-service')).toBeVisible();

  await login();
  await page.goto('/challenges');
  const locked = page.getByRole('link', { name: /Hidden Service/ });
  await expect(locked).toHaveAttribute('data-locked', 'true');
  await locked.click();
  await expect(page.getByText('This challenge is locked')).toBeVisible();
  await page.getByRole('link', { name: 'Network Notes' }).click();

  await expect(page).toHaveURL(/\/challenge\/network-notes$/);
  const notes = await page.request.get((await page.getByRole('link', { name: /notes\.txt/ }).getAttribute('href'))!);
  const flag = (await notes.text()).match(/CTF\{[^}]+\}/)?.[0];
  expect(flag).toBe('CTF{notes_are_plain}');
  await page.getByPlaceholder('CTF{...}').fill(flag!);
  await page.getByPlaceholder('CTF{...}').press('Enter');
  await expect(page.getByText('Correct flag! Points awarded.').first()).toBeVisible();
  expect(await sessionScore(page)).toBe(50);

  // Its prerequisite solved, Hidden Service opens; its regex flag is case-insensitive, as the YAML says.
  await page.goto('/challenges');
  await expect(page.getByRole('link', { name: /Hidden Service/ })).toHaveAttribute('data-locked', 'false');
  await page.getByRole('link', { name: /Hidden Service/ }).click();
  await expect(page.getByText('This challenge is locked')).toHaveCount(0);
  await page.getByPlaceholder('CTF{...}').fill('ctf{HIDDEN_door}');
  await page.getByPlaceholder('CTF{...}').press('Enter');
  await expect(page.getByText('Correct flag! Points awarded.').first()).toBeVisible();
});

/** The server's ctfcli fixture: ten challenges as CTFd users write them (apps/server/test/fixtures/ctfcli/README.md). */
const SERVER_FIXTURE = path.join(import.meta.dirname, '..', 'apps', 'server', 'test', 'fixtures', 'ctfcli');

test('An admin imports the ctfcli fixture zip, creating its categories, and a player solves one of its challenges', async ({
  page,
  login,
  loginAsAdmin,
}) => {
  test.skip(!existsSync(SERVER_FIXTURE), 'the server fixture folder is not in this checkout');
  const archive = await zipFolder(SERVER_FIXTURE);
  await loginAsAdmin();
  await page.goto('/admin?tab=challenges');
  await page.getByLabel('Zip file').setInputFiles({ name: 'fixture.zip', mimeType: 'application/zip', buffer: archive });
  await page.getByLabel('Create unknown categories').check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.getByRole('status').filter({ hasText: 'Import done' });
  await expect(report).toContainText(/Import done: \d+ created, \d+ updated, \d+ unchanged\./);
  await expect(report.getByText('sanity-check', { exact: true })).toBeVisible();

  await login();
  await page.goto('/challenges');
  await page.getByRole('link', { name: /Sanity Check/ }).click();
  await expect(page.getByText('Welcome to the CTF!')).toBeVisible();
  await page.getByPlaceholder('CTF{...}').fill('flag{welcome_to_the_ctf}');
  await page.getByPlaceholder('CTF{...}').press('Enter');
  await expect(page.getByText('Correct flag! Points awarded.').first()).toBeVisible();
  expect(await sessionScore(page)).toBe(1);
});

test('A challenge with a prerequisite unlocks once its prerequisite is solved', async ({ page, login, loginAsAdmin }) => {
  const tag = Date.now().toString(36);
  const first = `warm-up-${tag}`;
  const second = `follow-up-${tag}`;
  const body = (id: string, title: string, prerequisites: string[]) => ({
    id,
    title: { en: title, fr: '' },
    description: { en: `The ${title} challenge.`, fr: '' },
    category: 'web-client',
    level: 'easy',
    scoring: { type: 'static', points: 10 },
    prerequisites,
    flags: [{ kind: 'static', matcher: 'exact', content: `CTF{${id}}` }],
  });
  await loginAsAdmin();
  for (const [id, title, prerequisites] of [
    [first, `Warm Up ${tag}`, []],
    [second, `Follow Up ${tag}`, [first]],
  ] as const) {
    const created = await page.request.post('/api/admin/challenges', { data: body(id, title, [...prerequisites]) });
    expect(created.status(), await created.text()).toBe(201);
  }

  await login();
  await page.goto(`/challenge/${second}`);
  await expect(page.getByText('This challenge is locked')).toBeVisible();
  await expect(page.getByPlaceholder('CTF{...}')).toHaveCount(0);
  const refused = await page.request.post(`/api/challenges/${second}/submit`, { data: { flag: `CTF{${second}}` } });
  expect(refused.status()).toBe(403);

  await page.getByRole('link', { name: `Warm Up ${tag}` }).click();
  await page.getByPlaceholder('CTF{...}').fill(`CTF{${first}}`);
  await page.getByPlaceholder('CTF{...}').press('Enter');
  await expect(page.getByText('Correct flag! Points awarded.').first()).toBeVisible();

  await page.goto(`/challenge/${second}`);
  await expect(page.getByText(`The Follow Up ${tag} challenge.`)).toBeVisible();
  await expect(page.getByText('This challenge is locked')).toHaveCount(0);
  await page.getByPlaceholder('CTF{...}').fill(`CTF{${second}}`);
  await page.getByPlaceholder('CTF{...}').press('Enter');
  await expect(page.getByText('Correct flag! Points awarded.').first()).toBeVisible();
});
